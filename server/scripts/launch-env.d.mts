/** See launch-env.mjs: the server process's environment, the caller's own values winning. */
export function launchEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
