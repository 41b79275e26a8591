import { i18n } from '../../../i18n';

/** Messages of the contract drift report (development tools). */
const zh = {
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
const en: typeof zh = {
  drift: {
    title: 'Contract drift',
    intro:
      'Where the upstream answers passed through the proxy differ from the contract document, folded by route, JSON path and expectation.',
    document: 'Contract document',
    routes: '{{count}} documented routes',
    noDocument: 'No contract document loaded: upstream answers are not checked',
    route: 'Route',
    path: 'JSON path',
    expected: 'Expected',
    seen: 'Seen',
    count: 'Count',
    firstSeen: 'First seen',
    lastSeen: 'Last seen',
    empty: 'No drift: every upstream answer matches the contract',
    refresh: 'Refresh',
    localMode:
      'The contract drift report exists in proxy mode (BLADE_UPSTREAM) only: this server answers the API itself, there is no upstream to check.',
  },
};

i18n.addResourceBundle('zh', 'translation', zh, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
