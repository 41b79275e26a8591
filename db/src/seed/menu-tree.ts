import { MENU_CATEGORY, type MenuFixture, type RoleMenusFixture } from './fixtures';

/** Every menu code in a grant rule; `*` stands for all of them. */
const ALL_MENUS = '*';

export class MenuTree {
  private readonly byId = new Map<string, MenuFixture>();
  private readonly byCode = new Map<string, MenuFixture>();
  private readonly children = new Map<string, MenuFixture[]>();

  constructor(readonly menus: readonly MenuFixture[]) {
    for (const menu of menus) {
      this.byId.set(menu.id, menu);
      this.byCode.set(menu.code, menu);
      const siblings = this.children.get(menu.parentId);
      if (siblings) siblings.push(menu);
      else this.children.set(menu.parentId, [menu]);
    }
  }

  menu(code: string): MenuFixture {
    const menu = this.byCode.get(code);
    if (!menu) throw new Error(`unknown menu code "${code}"`);
    return menu;
  }

  /** The menu and everything below it (menus and buttons), or every menu for `*`. */
  subtree(code: string): MenuFixture[] {
    if (code === ALL_MENUS) return [...this.menus];
    const found: MenuFixture[] = [];
    const visit = (menu: MenuFixture): void => {
      found.push(menu);
      for (const child of this.children.get(menu.id) ?? []) visit(child);
    };
    visit(this.menu(code));
    return found;
  }

  /** Parents up to the root, nearest first. */
  ancestors(menu: MenuFixture): MenuFixture[] {
    const found: MenuFixture[] = [];
    for (let parent = this.byId.get(menu.parentId); parent; parent = this.byId.get(parent.parentId)) {
      found.push(parent);
    }
    return found;
  }

  /**
   * Resolves a role's grant rule to menu ids: the granted subtrees minus the denied ones, plus the
   * ancestors of whatever remains, so that the role's rows alone say which menus it may open (the
   * parents are what a tree control shows as half-checked). Returned in fixture order.
   */
  resolveGrant(rule: RoleMenusFixture): string[] {
    const granted = new Set(rule.grant.flatMap((code) => this.subtree(code)));
    for (const denied of rule.deny.flatMap((code) => this.subtree(code))) granted.delete(denied);
    for (const menu of [...granted]) for (const parent of this.ancestors(menu)) granted.add(parent);
    return this.menus.filter((menu) => granted.has(menu)).map((menu) => menu.id);
  }

  /** The category-1 menus a top menu shows: the listed menus with their sub-menus (buttons are not routes). */
  resolveTopMenu(codes: readonly string[]): string[] {
    const shown = new Set(codes.flatMap((code) => this.subtree(code)));
    return this.menus
      .filter((menu) => shown.has(menu) && menu.category === MENU_CATEGORY.menu)
      .map((menu) => menu.id);
  }
}
