import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import type { FlowNode } from '../../api/flow';
import './bpmn.css';

export interface BpmnCanvasProps {
  xml: string;
  /** History of an instance: finished nodes and taken flows are green, open tasks orange. */
  flow?: FlowNode[];
  failedText: string;
}

interface Canvas {
  addMarker: (id: string, marker: string) => void;
  zoom: (level: string) => void;
}
interface Registry {
  get: (id: string) => unknown;
}

/**
 * The read-only bpmn-js viewer (this module is lazily loaded: bpmn-js stays out of every other chunk).
 * Marks each element the instance passed with `flow-done` and each open task with `flow-current`.
 */
export default function BpmnCanvas({ xml, flow = [], failedText }: BpmnCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const viewer = new NavigatedViewer({ container: container.current });
    let alive = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<Registry>('elementRegistry');
        for (const node of flow) {
          if (!registry.get(node.historyActivityId)) continue;
          const current = node.historyActivityType === 'candidate' && !node.endTime;
          canvas.addMarker(node.historyActivityId, current ? 'flow-current' : 'flow-done');
        }
        canvas.zoom('fit-viewport');
      })
      .catch((e: unknown) => {
        if (alive) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, flow]);

  return (
    <div className="flow-canvas-wrap">
      {error && <Alert type="error" showIcon message={failedText} description={error} />}
      <div ref={container} className="flow-canvas" data-testid="flow-canvas" />
    </div>
  );
}
