import { pino, type Logger } from 'pino';

/** Structured JSON logs; pretty lines when a person watches the terminal. */
export function createLogger(level: string): Logger {
  const pretty = process.stdout.isTTY && process.env.LOG_FORMAT !== 'json';
  return pino({
    level,
    redact: {
      paths: [
        '*.apiKey', '*.token', '*.secret', 'headers.authorization', 'ANTHROPIC_API_KEY',
        '*.headers.authorization', '*.headers["x-signature"]', 'headers["x-signature"]',
        'MANAGER_TOKENS', 'JWT_SECRET', 'SUPPLIER_SECRETS', 'WAREHOUSE_SECRET',
        '*.MANAGER_TOKENS', '*.JWT_SECRET', '*.SUPPLIER_SECRETS', '*.WAREHOUSE_SECRET',
        '*.managerTokens', '*.supplierSecrets', '*.warehouseSecret', '*.jwt.secret', 'security',
      ],
      censor: '[secret]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}
