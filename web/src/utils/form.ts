import type { FormInstance } from 'antd';

/** The form's values once they pass its rules, or null (the form then shows what is wrong). */
export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
