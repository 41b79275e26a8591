import { menuResource } from '@psi/db/model';
import type { DeclaredRow } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { MenuIcon } from '../../../components/menu/menu-icons';
import { IconPicker } from './IconPicker';

const controls = { source: IconPicker };
const cells = {
  source: (record: DeclaredRow) =>
    record.source ? (
      <span className="psi-menu-icon-cell">
        <MenuIcon source={String(record.source)} /> {String(record.source)}
      </span>
    ) : null,
};

/**
 * Menus (/system/menu): the tree list of menus with their buttons below them; category, action and the
 * new-window flag from the declaration, the icon with a picker of the icons the side menu draws.
 */
export default function MenuPage() {
  return <ResourcePage def={menuResource} controls={controls} cells={cells} />;
}
