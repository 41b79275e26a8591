import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../stores/session';
import { MenuIcon } from '../../../components/menu/menu-icons';
import { menuLeaves, openMenuLeaf, searchMenus } from '../../../api/menu-model';

/** Menu search: suggests menu entries whose name starts with the typed text (any case) and opens one. */
export function MenuSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useSession((state) => state.routes);
  const [text, setText] = useState('');
  const leaves = useMemo(() => menuLeaves(routes, t, i18n.language), [routes, t, i18n.language]);
  const matches = searchMenus(leaves, text);

  const options = matches.map((leaf) => ({
    value: leaf.href,
    label: (
      <div className="psi-menu-search__option" data-testid="menu-search-option">
        <MenuIcon source={leaf.source} />
        <span className="psi-menu-search__name">{leaf.name}</span>
        {leaf.trail.length > 0 && <span className="psi-menu-search__trail">{leaf.trail.join(' / ')}</span>}
      </div>
    ),
  }));

  return (
    <AutoComplete
      className="psi-menu-search"
      options={options}
      value={text}
      onChange={setText}
      onSelect={(href: string) => {
        const leaf = matches.find((entry) => entry.href === href);
        setText('');
        if (leaf) openMenuLeaf(leaf, navigate);
      }}
      notFoundContent={text.trim() ? t('layout.searchEmpty') : null}
      popupMatchSelectWidth={280}
    >
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('layout.search')}
        aria-label={t('layout.search')}
        data-testid="menu-search"
      />
    </AutoComplete>
  );
}
