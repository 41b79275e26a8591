/** Messages of the contract drift report (development tools). */
export const zhDrift = {
  drift: {
    title: '契约偏差',
    intro: '代理转发的上游应答与接口契约文档不一致之处，按接口、字段路径与期望归并。',
    document: '契约文档',
    routes: '已文档化接口 {{count}} 个',
    noDocument: '未加载契约文档：上游应答未被校验',
    route: '接口',
    path: 'JSON 路径',
    expected: '期望',
    seen: '实际',
    count: '次数',
    firstSeen: '首次出现',
    lastSeen: '最近出现',
    empty: '暂无偏差：上游应答均符合契约',
    refresh: '刷新',
    localMode: '契约偏差报告仅在代理模式（BLADE_UPSTREAM）下可用：当前服务直接应答接口，没有上游需要校验。',
  },
};
