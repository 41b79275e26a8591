import { storageKey } from '../config/site';

/** A department and role chosen in the switch dialog. */
export interface SwitchChoice {
  deptId: string;
  roleId: string;
}

type Choices = Record<string, SwitchChoice>;

const key = storageKey('switch');

/** Choices are kept per tenant and account: one browser may sign in as several users. */
const who = (tenantId: string, account: string) => `${tenantId.trim()}/${account.trim()}`;

function readChoices(): Choices {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Choices) : {};
  } catch {
    return {};
  }
}

function writeChoices(choices: Choices): void {
  try {
    if (Object.keys(choices).length) localStorage.setItem(key, JSON.stringify(choices));
    else localStorage.removeItem(key);
  } catch {
    // storage full or disabled: the next sign-in simply goes without a choice
  }
}

/**
 * Switch mode: the department and role this account last switched to, sent as `Dept-Id` / `Role-Id`
 * when it signs in again; `null` when it never switched.
 */
export function rememberedChoice(tenantId: string, account: string): SwitchChoice | null {
  const choice = readChoices()[who(tenantId, account)];
  return choice && typeof choice.deptId === 'string' && typeof choice.roleId === 'string' ? choice : null;
}

export function rememberChoice(tenantId: string, account: string, choice: SwitchChoice): void {
  writeChoices({ ...readChoices(), [who(tenantId, account)]: choice });
}

export function forgetChoice(tenantId: string, account: string): void {
  const choices = readChoices();
  delete choices[who(tenantId, account)];
  writeChoices(choices);
}

/** Whether a failed sign-in was the server refusing the department or role (no longer the user's). */
export async function isRefusedChoice(error: unknown): Promise<boolean> {
  if (!(error instanceof Error)) return false;
  const { messages } = await import('@psi/db/model/messages');
  return Object.values(messages.switchDeptRole).includes(error.message);
}
