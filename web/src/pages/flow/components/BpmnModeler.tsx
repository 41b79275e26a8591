import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Alert, Card, Empty, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import { flowableModdle } from './flowable-moddle';
import { subsetModelingModule } from './subset-modeling';
import { translateModule } from './bpmn-translate';
import '../../../components/flow/bpmn.css';

export interface BpmnModelerHandle {
  /** The diagram as XML, with the process id and name set to the model's key and name. */
  save: (key: string, name: string) => Promise<string>;
}

interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  get: (name: string) => unknown;
  conditionExpression?: { body?: string };
}
interface Shape {
  id: string;
  type: string;
  businessObject: BusinessObject;
}
interface Modeling {
  updateProperties: (element: Shape, props: Record<string, unknown>) => void;
}
interface Moddle {
  create: (type: string, props: Record<string, unknown>) => unknown;
}
interface Canvas {
  getRootElement: () => Shape;
  zoom: (level: string) => void;
}
interface EventBus {
  on: (event: string, fn: (e: { newSelection?: Shape[]; element?: Shape }) => void) => void;
}

const fields: Record<string, ('assignee' | 'candidateUsers' | 'candidateGroups' | 'initiator')[]> = {
  'bpmn:UserTask': ['assignee', 'candidateUsers', 'candidateGroups'],
  'bpmn:StartEvent': ['initiator'],
};

/**
 * The bpmn-js modeler with a small property panel for the attributes our engine reads: name, user
 * task people (`flowable:assignee`, `candidateUsers`, `candidateGroups`), start initiator and
 * sequence flow conditions. Lazily loaded with the model page's dialog.
 */
const BpmnModeler = forwardRef<BpmnModelerHandle, { xml: string }>(function BpmnModeler({ xml }, ref) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<Shape | null>(null);
  const [, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = new Modeler({
      container: container.current,
      moddleExtensions: { flowable: flowableModdle },
      additionalModules: [subsetModelingModule, translateModule],
    });
    modeler.current = instance;
    instance
      .importXML(xml)
      .then(() => instance.get<Canvas>('canvas').zoom('fit-viewport'))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    const bus = instance.get<EventBus>('eventBus');
    bus.on('selection.changed', (e) => setSelected(e.newSelection?.length === 1 ? e.newSelection[0] : null));
    bus.on('element.changed', () => setVersion((v) => v + 1));
    return () => {
      instance.destroy();
      modeler.current = null;
    };
  }, [xml]);

  useImperativeHandle(ref, () => ({
    save: async (key, name) => {
      const m = modeler.current;
      if (!m) throw new Error('modeler not ready');
      const root = m.get<Canvas>('canvas').getRootElement();
      m.get<Modeling>('modeling').updateProperties(root, { id: key, name });
      const { xml: out } = await m.saveXML({ format: true });
      return out ?? '';
    },
  }));

  const update = (props: Record<string, unknown>) => {
    if (!modeler.current || !selected) return;
    modeler.current.get<Modeling>('modeling').updateProperties(selected, props);
  };
  const setCondition = (body: string) => {
    if (!modeler.current || !selected) return;
    const moddle = modeler.current.get<Moddle>('moddle');
    update({
      conditionExpression: body.trim()
        ? moddle.create('bpmn:FormalExpression', { body: body.trim() })
        : undefined,
    });
  };

  const bo = selected?.businessObject;
  const type = bo?.$type ?? '';
  return (
    <div className="flow-modeler">
      <div className="flow-canvas-wrap" style={{ flex: 1 }}>
        {error && <Alert type="error" showIcon message={error} />}
        <div ref={container} className="flow-canvas" data-testid="flow-modeler" />
      </div>
      <Card size="small" className="flow-modeler-panel" title={t('flow.model.properties')}>
        {!bo || type === 'bpmn:Process' ? (
          <Empty description={t('flow.model.selectElement')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Form layout="vertical" size="small" key={bo.id}>
            <Form.Item label={t('flow.model.elementId')}>
              <Input value={bo.id} disabled />
            </Form.Item>
            <Form.Item label={t('flow.model.elementName')}>
              <Input
                defaultValue={bo.name ?? ''}
                data-testid="element-name"
                onBlur={(e) => update({ name: e.target.value })}
              />
            </Form.Item>
            {(fields[type] ?? []).map((name) => (
              <Form.Item key={name} label={t(`flow.model.${name}`)}>
                <Input
                  defaultValue={String(bo.get(`flowable:${name}`) ?? '')}
                  data-testid={`element-${name}`}
                  onBlur={(e) => update({ [`flowable:${name}`]: e.target.value.trim() || undefined })}
                />
              </Form.Item>
            ))}
            {type === 'bpmn:SequenceFlow' && (
              <Form.Item label={t('flow.model.condition')} extra={t('flow.model.conditionHelp')}>
                <Input
                  defaultValue={bo.conditionExpression?.body ?? ''}
                  data-testid="element-condition"
                  onBlur={(e) => setCondition(e.target.value)}
                />
              </Form.Item>
            )}
          </Form>
        )}
      </Card>
    </div>
  );
});

export default BpmnModeler;
