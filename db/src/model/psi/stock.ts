import { z } from 'zod';

/** A stock row on the wire: one book's stock in one depository, as the stock list reads it. */
export const wireStockRowSchema = z.object({
  id: z.string().describe('`depositoryId-goodsId`'),
  depositoryId: z.string(),
  depositoryName: z.string(),
  depositoryCode: z.string(),
  goodsId: z.string(),
  isbn: z.string(),
  goodsName: z.string(),
  publisher: z.string(),
  price: z.string().describe('list price, two decimals'),
  quantity: z.number().int().describe('copies on hand'),
  low: z.boolean().describe('at or below the threshold'),
  lastMoveTime: z.string().nullable().describe('the last movement (null: none yet)'),
  lastSourceNo: z.string().nullable(),
  lastSourceType: z.number().int().nullable(),
  lastChange: z.number().int().nullable().describe('copies the last movement added (negative: took)'),
});

export type WireStockRow = z.infer<typeof wireStockRowSchema>;

/** The same row as read from the tables: no id or low mark yet, the price in cents. */
export type StockLevel = Omit<WireStockRow, 'id' | 'price' | 'low'> & { price: number };
