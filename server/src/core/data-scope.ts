/**
 * A data scope granted to a role: which rows of a resource (`resourceCode`) its users see in lists.
 * Its own module because both the grant cache (which reads the rules) and the data layer (which applies
 * them) need it, and the grant cache already imports the data layer.
 */
export interface DataScopeRule {
  resourceCode: string;
  /** 1 all, 2 own rows, 3 own dept, 4 own dept and below, 5 chosen depts (`scopeValue`) */
  scopeType: number;
  scopeColumn: string | null;
  scopeValue: string | null;
}
