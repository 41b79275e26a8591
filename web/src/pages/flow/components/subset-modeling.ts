/**
 * Limits the modeler to the BPMN subset the engine runs: the palette and the context pad offer start
 * and end events, user tasks, exclusive gateways and connections (plus the navigation tools); plain
 * tasks become user tasks.
 */
type Entries = Record<string, { group?: string; className?: string; title?: string; action?: unknown }>;
type Updater = (entries: Entries) => Entries;

interface Shape {
  type: string;
}
interface ElementFactory {
  createShape: (attrs: { type: string }) => Shape;
}
interface Create {
  start: (event: unknown, shape: Shape) => void;
}
interface AutoPlace {
  append: (source: Shape, shape: Shape) => void;
}
interface Provider {
  registerProvider: (priority: number, provider: object) => void;
}
interface Translate {
  (text: string): string;
}

const PALETTE = [
  'hand-tool',
  'lasso-tool',
  'space-tool',
  'global-connect-tool',
  'tool-separator',
  'create.start-event',
  'create.end-event',
  'create.exclusive-gateway',
];
const PAD = ['delete', 'connect', 'append.end-event', 'append.gateway'];

const keep = (entries: Entries, names: string[]) =>
  Object.fromEntries(Object.entries(entries).filter(([name]) => names.includes(name)));

class SubsetPalette {
  static $inject = ['palette', 'create', 'elementFactory', 'translate'];
  constructor(
    palette: Provider,
    private readonly create: Create,
    private readonly factory: ElementFactory,
    private readonly translate: Translate,
  ) {
    palette.registerProvider(500, this);
  }

  getPaletteEntries(): Updater {
    return (entries) => {
      const userTask = (event: unknown) =>
        this.create.start(event, this.factory.createShape({ type: 'bpmn:UserTask' }));
      return {
        ...keep(entries, PALETTE),
        'create.user-task': {
          group: 'activity',
          className: 'bpmn-icon-user-task',
          title: this.translate('Create user task'),
          action: { dragstart: userTask, click: userTask },
        },
      };
    };
  }
}

class SubsetContextPad {
  static $inject = ['contextPad', 'autoPlace', 'elementFactory', 'translate'];
  constructor(
    contextPad: Provider,
    private readonly autoPlace: AutoPlace,
    private readonly factory: ElementFactory,
    private readonly translate: Translate,
  ) {
    contextPad.registerProvider(500, this);
  }

  getContextPadEntries(element: Shape): Updater {
    return (entries) => {
      const kept = keep(entries, PAD);
      if (!('append.gateway' in entries)) return kept;
      return {
        ...kept,
        'append.user-task': {
          group: 'model',
          className: 'bpmn-icon-user-task',
          title: this.translate('Append user task'),
          action: {
            click: () => this.autoPlace.append(element, this.factory.createShape({ type: 'bpmn:UserTask' })),
          },
        },
      };
    };
  }
}

export const subsetModelingModule = {
  __init__: ['subsetPalette', 'subsetContextPad'],
  subsetPalette: ['type', SubsetPalette],
  subsetContextPad: ['type', SubsetContextPad],
};
