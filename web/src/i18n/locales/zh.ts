/**
 * Chinese messages the first screen needs (login, errors). The signed-in shell's messages are in
 * `shell/zh.ts`, loaded with its pages. `en.ts` must have exactly the same keys.
 */
export const zh = {
  app: {
    title: '书籍征订系统',
    tagline: '学校教材征订、采购、配送与库存，一站式管理',
    features: {
      ordering: '征订单在线提交与审核',
      inventory: '仓库库存与出入库台账',
      statement: '学校账户对账与充值',
    },
    copyright: '© {{year}} 书籍征订系统',
  },
  route: {
    login: '登录',
    home: '首页',
    dashboard: '控制台',
    forbidden: '403',
    notFound: '404',
    serverError: '500',
    lock: '锁屏',
    info: '个人信息',
    dictHorizontal: '字典管理（横向）',
    dictVertical: '字典管理（纵向）',
    test: '测试页',
    leaveForm: '请假流程发起',
    leaveHandle: '请假流程处理',
    leaveDetail: '请假流程详情',
    code: '代码生成',
    iframe: '外部页面',
  },
  lang: {
    zh: '中文',
    en: 'English',
    switch: '切换语言',
  },
  common: {
    loading: '加载中...',
    ok: '确定',
    cancel: '取消',
    close: '关闭',
    tip: '提示',
    yes: '是',
    no: '否',
  },
  request: {
    unknownError: '未知错误',
    networkError: '网络异常，请检查网络连接',
    timeout: '请求超时，请稍后重试',
    sessionExpired: '登录已失效，请重新登录',
  },
  login: {
    welcome: '欢迎登录',
    subtitle: '请使用您的租户与账号登录',
    tenantId: '租户ID',
    tenantIdPlaceholder: '请输入租户ID',
    tenantIdRequired: '请输入租户ID',
    account: '账号',
    accountPlaceholder: '请输入账号',
    accountRequired: '请输入账号',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    passwordRequired: '请输入密码',
    captcha: '验证码',
    captchaPlaceholder: '请输入验证码',
    captchaRequired: '请输入验证码',
    captchaRefresh: '看不清？点击刷新',
    captchaUnavailable: '验证码加载失败，点击重试',
    submit: '登 录',
    submitting: '登录中...',
    success: '登录成功',
  },
  error: {
    forbidden: '抱歉，您无权访问此页面',
    notFound: '抱歉，您访问的页面不存在',
    serverError: '抱歉，服务器出错了',
    backHome: '返回首页',
    pageCrashed: '页面出错了，错误已记录到错误日志',
    retry: '重新加载',
  },
};

/** The message tree shape both languages share. */
export type Messages = typeof zh;
