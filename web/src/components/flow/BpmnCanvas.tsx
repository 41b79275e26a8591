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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Canvas {
  addMarker: (id: string, marker: string) => void;
  zoom: (level: string, center?: 'auto') => void;
  viewbox: {
    (): Box & { scale: number };
    (box: Box): void;
  };
}

/** The room kept around a diagram, in screen pixels: a shape on the edge is not cut by the frame. */
const MARGIN = 24;
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
        // fitted and centred, then widened by a margin (bpmn-js fits the shapes flush to the frame,
        // cutting the top row's strokes and labels)
        canvas.zoom('fit-viewport', 'auto');
        const box = canvas.viewbox();
        const pad = MARGIN / box.scale;
        canvas.viewbox({
          x: box.x - pad,
          y: box.y - pad,
          width: box.width + 2 * pad,
          height: box.height + 2 * pad,
        });
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
