import {
  RawNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Counts raw SQL statements (the ledger calls its database functions with `sql`) that mention
 * a given text, e.g. `ledger_post_entries(`. Attach with `db.withPlugin(counter)`: it proves
 * that a test went down the code path it means to test.
 */
export class QueryCounter implements KyselyPlugin {
  readonly #needles: string[];
  readonly counts = new Map<string, number>();

  constructor(...needles: string[]) {
    this.#needles = needles;
  }

  count(needle: string): number {
    return this.counts.get(needle) ?? 0;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (RawNode.is(args.node)) {
      const text = args.node.sqlFragments.join(' ');
      for (const needle of this.#needles) {
        if (text.includes(needle)) this.counts.set(needle, this.count(needle) + 1);
      }
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Counts every statement sent through a database handle (`db.withPlugin(counter)`), whatever
 * builds it: proves that a read stays one statement however many rows it returns.
 */
export class StatementCounter implements KyselyPlugin {
  statements = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements += 1;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
