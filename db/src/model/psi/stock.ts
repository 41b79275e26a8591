/**
 * One book's stock in one depository as the stock list reads it. `Money` is the price in cents
 * (a number) where it is read, and its display text on the wire.
 */
export interface StockLevel<Money> {
  depositoryId: string;
  depositoryName: string;
  depositoryCode: string;
  goodsId: string;
  isbn: string;
  goodsName: string;
  publisher: string;
  price: Money;
  quantity: number;
  lastMoveTime: string | null;
  lastSourceNo: string | null;
  lastSourceType: number | null;
  lastChange: number | null;
}

/** A stock row on the wire: its id is `depositoryId-goodsId`; `low` when at or below the threshold. */
export interface WireStockRow extends StockLevel<string> {
  id: string;
  low: boolean;
}
