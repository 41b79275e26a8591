/** Messages of the fault injection page (development tools). */
export const zhFault = {
  fault: {
    intro:
      '让匹配的接口调用变慢、返回错误状态、令牌过期、限流 429 或断开连接，检验客户端在坏日子里的表现。规则只在内存中，重启即清空。请求也可带 Blade-Fault 请求头（如 status=503、delay=2000、drop、expire、status=429）临时要求一次故障。',
    off: '故障注入未开启',
    offHint:
      '当前服务未开启故障注入（FAULTS=on）。pnpm dev 与端到端测试的服务默认开启；其他方式启动时设置环境变量 FAULTS=on 后重启服务即可。',
  },
};
