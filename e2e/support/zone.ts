/** The server's zone (CONTRACT.md: dates are server local time); the browser sits in it like the users do. */
export const ZONE = process.env.TZ_DISPLAY || 'Asia/Shanghai';
