import type { Lang, ResourceDef } from '@psi/db/model';

/** Message keys whose text is the label a resource declaration gives one of its fields. */
export type DeclaredLabels<K extends string> = Record<K, readonly [ResourceDef, string]>;

/** The declared field labels in `lang`, under the message keys the screens ask for. */
export function declaredLabels<K extends string>(lang: Lang, labels: DeclaredLabels<K>): Record<K, string> {
  const entries = Object.entries(labels) as [K, readonly [ResourceDef, string]][];
  return Object.fromEntries(
    entries.map(([key, [resource, name]]) => {
      const field = resource.fields.find((f) => f.name === name);
      if (!field) throw new Error(`${resource.key} declares no field ${name}`);
      return [key, field.label[lang]];
    }),
  ) as Record<K, string>;
}
