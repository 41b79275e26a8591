import { t } from '@psi/db/model';

/** Messages of the workflow service (zh is Blade's language, en ours). */
export const flowMessages = {
  xmlInvalid: t('流程文件不是有效的XML: {detail}', 'The process file is not valid XML: {detail}'),
  xmlDoctype: t('流程文件不能包含DOCTYPE声明', 'The process file must not contain a DOCTYPE declaration'),
  noDefinitions: t('流程文件缺少 definitions 根元素', 'The process file has no definitions root element'),
  oneProcess: t('流程文件必须且只能包含一个流程', 'The process file must contain exactly one process'),
  processId: t(
    '流程标识必须以字母或下划线开头，只能包含字母、数字、下划线、点和短横线',
    'The process key must start with a letter or underscore and contain only letters, digits, _ . -',
  ),
  unsupported: t('不支持的流程元素: {name}', 'Unsupported process element: {name}'),
  missingId: t('流程元素 {name} 缺少 id', 'Process element {name} has no id'),
  duplicateId: t('流程元素标识重复: {id}', 'Duplicate process element id: {id}'),
  oneStart: t('流程必须且只能有一个开始事件', 'The process must have exactly one start event'),
  noEnd: t('流程至少需要一个结束事件', 'The process needs at least one end event'),
  flowRef: t('连线 {id} 引用了不存在的节点', 'Sequence flow {id} refers to a missing node'),
  startIncoming: t('开始事件不能有流入连线', 'The start event cannot have incoming flows'),
  singleOutgoing: t('节点 {id} 必须且只能有一条流出连线', 'Node {id} must have exactly one outgoing flow'),
  endOutgoing: t('结束事件 {id} 不能有流出连线', 'End event {id} cannot have outgoing flows'),
  gatewayOutgoing: t('网关 {id} 至少需要一条流出连线', 'Gateway {id} needs at least one outgoing flow'),
  gatewayCondition: t(
    '网关 {id} 的流出连线 {flow} 缺少条件（且不是默认连线）',
    'Flow {flow} leaving gateway {id} has no condition and is not the default flow',
  ),
  badDefault: t('网关 {id} 的默认连线不是它的流出连线', 'The default flow of gateway {id} does not leave it'),
  taskAssignee: t(
    '用户任务 {id} 需要办理人、候选人或候选角色',
    'User task {id} needs an assignee, candidate users or candidate roles',
  ),
  badExpression: t('节点 {id} 的表达式有误: {detail}', 'The expression of {id} is invalid: {detail}'),
  unreachable: t('节点 {id} 从开始事件无法到达', 'Node {id} cannot be reached from the start event'),
  noWayOut: t('节点 {id} 无法到达结束事件', 'Node {id} cannot reach an end event'),
  // runtime
  noMatchingFlow: t('网关 {id} 没有满足条件的流出连线', 'No outgoing flow of gateway {id} matches'),
  expressionFailed: t('表达式求值失败 ({id}): {detail}', 'Expression of {id} failed: {detail}'),
  noAssignee: t('用户任务 {id} 的办理人为空', 'User task {id} resolved to no assignee'),
  loop: t('流程在网关之间循环，没有到达用户任务或结束事件', 'The process loops between gateways'),
  // model and deployment
  modelNotFound: t('模型不存在', 'The model does not exist'),
  modelKeyMismatch: t(
    '流程图的流程标识 {xmlKey} 与模型标识 {key} 不一致',
    'The process id {xmlKey} of the diagram differs from the model key {key}',
  ),
  deploymentNotFound: t('流程部署不存在', 'The deployment does not exist'),
  definitionNotFound: t('流程定义不存在', 'The process definition does not exist'),
  suspended: t('流程定义已挂起，不能发起流程', 'The process definition is suspended; it cannot be started'),
  stateUnchanged: t('流程定义已是该状态', 'The process definition is already in that state'),
  badState: t('状态只能是 active 或 suspend', 'The state must be active or suspend'),
  noFiles: t('请选择要部署的流程文件', 'Please choose the process files to deploy'),
  badFileType: t('只能上传 .bpmn 或 .bpmn20.xml 文件: {name}', 'Only .bpmn or .bpmn20.xml files: {name}'),
  fileTooLarge: t('流程文件不能超过 1MB: {name}', 'A process file may not exceed 1 MB: {name}'),
  categoryUnknown: t('流程分类不存在: {category}', 'Unknown process category: {category}'),
  // instances and tasks
  instanceNotFound: t('流程实例不存在', 'The process instance does not exist'),
  instanceEnded: t('流程实例已结束', 'The process instance has ended'),
  taskNotFound: t('任务不存在或已办理', 'The task does not exist or has been completed'),
  notCandidate: t(
    '您不是该任务的候选人，不能签收',
    'You are not a candidate of this task and cannot claim it',
  ),
  alreadyClaimed: t('任务已被签收', 'The task has already been claimed'),
  notAssignee: t(
    '您不是该任务的办理人，不能办理',
    'You are not the assignee of this task and cannot complete it',
  ),
  instanceMismatch: t('任务不属于该流程实例', 'The task does not belong to this process instance'),
  badVariables: t('流程变量必须是JSON对象', 'The process variables must be a JSON object'),
  reservedVariable: t('流程变量名不能为 {name}', 'A process variable may not be named {name}'),
  commentTooLong: t('审批意见不能超过500个字符', 'The comment may not exceed 500 characters'),
  // leave
  leaveDays: t(
    '请假天数必须是 1 到 365 之间的整数',
    'The days of leave must be a whole number from 1 to 365',
  ),
  leaveRange: t('结束时间不能早于开始时间', 'The end time cannot be before the start time'),
  leaveApprover: t('审批人必须是本租户的部门经理', 'The approver must be a department leader of this tenant'),
  leaveNotFound: t('请假单不存在', 'The leave request does not exist'),
  notLeaveProcess: t('该流程定义不是请假流程', 'This process definition is not the leave process'),
};
