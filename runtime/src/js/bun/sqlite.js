// ---- bun/sqlite.js: bun:sqlite over the host's SQLite connections ----------
// The host (ops/sqlite.rs) owns the connections and converts values; this
// unit keeps Bun's shapes: which arguments bind which parameters, rows as
// objects, statement caching, transactions as savepoints when nested.
const SQLITE_OPEN_READONLY = 0x1,
  SQLITE_OPEN_READWRITE = 0x2,
  SQLITE_OPEN_CREATE = 0x4;
const constants = {
  SQLITE_OPEN_READONLY,
  SQLITE_OPEN_READWRITE,
  SQLITE_OPEN_CREATE,
  SQLITE_OPEN_DELETEONCLOSE: 0x8,
  SQLITE_OPEN_EXCLUSIVE: 0x10,
  SQLITE_OPEN_AUTOPROXY: 0x20,
  SQLITE_OPEN_URI: 0x40,
  SQLITE_OPEN_MEMORY: 0x80,
  SQLITE_OPEN_NOMUTEX: 0x8000,
  SQLITE_OPEN_FULLMUTEX: 0x10000,
  SQLITE_OPEN_SHAREDCACHE: 0x20000,
  SQLITE_OPEN_PRIVATECACHE: 0x40000,
  SQLITE_OPEN_NOFOLLOW: 0x1000000,
};

// Bun's errors are plain `Error`s named SQLiteError; the class is for `instanceof`.
class SQLiteError extends Error {
  static [Symbol.hasInstance](value) {
    return value instanceof Error && value.name === 'SQLiteError';
  }
}

function closedError() {
  return new RangeError('Cannot use a closed database');
}

// Only a plain object names values; any other object is one value to bind.
function isNamedValues(value) {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

// The values for each parameter in order, from a statement's arguments:
// one array, one object of named values, or the values themselves.
function bindings(params, args, strict) {
  if (args.length === 0 || (args.length === 1 && args[0] === undefined)) {
    if (strict && params.length > 0) throw new Error(`SQLite query expected ${params.length} values, received 0`);
    return [];
  }
  let values = args;
  if (args.length === 1 && Array.isArray(args[0])) values = args[0];
  else if (args.length === 1 && isNamedValues(args[0])) return namedBindings(params, args[0], strict);
  if (values.length > params.length || (strict && values.length < params.length)) {
    throw new Error(`SQLite query expected ${params.length} values, received ${values.length}`);
  }
  return values;
}

// `$a`, `:a` and `@a` take `object.$a` or `object.a`; `?` and `?1` take none.
// A missing value is NULL, or an error in strict mode.
function namedBindings(params, object, strict) {
  return params.map((name, index) => {
    if (name !== null && name[0] !== '?') {
      if (name in object) return object[name];
      const bare = name.slice(1);
      if (bare in object) return object[bare];
      if (strict) throw new Error(`Missing parameter "${bare}"`);
      return null;
    }
    if (strict) throw new Error(`Missing parameter "${name ?? `?${index + 1}`}"`);
    return null;
  });
}

class Statement {
  #conn;
  #sql;
  #columns;
  #params;
  #safe;
  #finalized = false;
  #class = null;
  constructor(conn, sql) {
    const [first, columns, params] = host.sqlitePrepare(conn.id, sql);
    this.#conn = conn;
    this.#sql = first;
    this.#columns = columns;
    this.#params = params;
    this.#safe = conn.safeIntegers;
  }
  get columnNames() {
    return this.#columns.slice();
  }
  get paramsCount() {
    return this.#params.length;
  }
  get isFinalized() {
    return this.#finalized;
  }
  #query(mode, args) {
    if (this.#finalized) throw new Error('Statement has finalized');
    if (!this.#conn.open) throw new Error('Database has closed');
    let values = bindings(this.#params, args, this.#conn.strict);
    // Bun wraps a bigint to 64 bits unless integers are safe, where it refuses one that does not fit.
    if (!this.#safe && values.some((v) => typeof v === 'bigint'))
      values = values.map((v) => (typeof v === 'bigint' ? BigInt.asIntN(64, v) : v));
    return host.sqliteQuery(this.#conn.id, this.#sql, values, mode, this.#safe);
  }
  #object(row) {
    const object = this.#class ? Object.create(this.#class.prototype) : {};
    const columns = this.#columns;
    for (let i = 0; i < columns.length; i++) object[columns[i]] = row[i];
    return object;
  }
  all(...args) {
    return this.#query('all', args).map((row) => this.#object(row));
  }
  get(...args) {
    const row = this.#query('get', args);
    return row === null ? null : this.#object(row);
  }
  values(...args) {
    return this.#query('all', args);
  }
  run(...args) {
    const [changes, lastInsertRowid] = this.#query('run', args);
    return { changes, lastInsertRowid };
  }
  *iterate(...args) {
    for (const row of this.#query('all', args)) yield this.#object(row);
  }
  [Symbol.iterator]() {
    return this.iterate();
  }
  as(Class) {
    if (typeof Class !== 'function') throw new TypeError('Expected class to be a constructor or undefined');
    this.#class = Class;
    return this;
  }
  safeIntegers(on = true) {
    this.#safe = !!on;
    return this;
  }
  finalize() {
    this.#finalized = true;
  }
  toString() {
    if (this.#finalized || !this.#conn.open) return this.#sql;
    return host.sqliteExpand(this.#conn.id, this.#sql);
  }
  toJSON() {
    return {
      sql: this.toString(),
      isFinalized: this.#finalized,
      paramsCount: this.paramsCount,
      columnNames: this.columnNames,
    };
  }
}

// Options to SQLite open flags, with Bun's checks.
function openFlags(options) {
  if (typeof options === 'number') return options;
  if (options === undefined || options === null) return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (typeof options !== 'object') throw new TypeError('Expected options to be an object or a number');
  if ('readOnly' in options) throw new TypeError('Misspelled option "readOnly" should be "readonly"');
  if ((options.readonly || options.readwrite === false) && (options.create || options.readwrite)) {
    throw new TypeError(
      'A read-only database ("readonly: true" or "readwrite: false") cannot have "create: true" or "readwrite: true"',
    );
  }
  let flags = 0;
  if (options.readonly) flags = SQLITE_OPEN_READONLY;
  if (options.create) flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (options.readwrite) flags |= SQLITE_OPEN_READWRITE;
  if (flags === 0)
    flags =
      'create' in options || 'readwrite' in options
        ? SQLITE_OPEN_READWRITE
        : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  return flags;
}

const transactionSql = {
  begin: 'BEGIN',
  deferred: 'BEGIN DEFERRED',
  immediate: 'BEGIN IMMEDIATE',
  exclusive: 'BEGIN EXCLUSIVE',
  savepoint: 'SAVEPOINT "\t_bs3.\t"',
  release: 'RELEASE "\t_bs3.\t"',
  rollbackTo: 'ROLLBACK TO "\t_bs3.\t"',
};

class Database {
  #conn;
  #cache = new Map();
  constructor(filename, options) {
    if (filename === undefined) filename = ':memory:';
    else if (typeof filename !== 'string')
      throw new TypeError(`Expected 'filename' to be a string, got '${typeof filename}'`);
    const flags = openFlags(options);
    const object = options !== null && typeof options === 'object' ? options : {};
    this.filename = filename;
    this.#conn = {
      id: host.sqliteOpen(filename, flags),
      open: true,
      strict: !!object.strict,
      safeIntegers: !!object.safeIntegers,
    };
  }
  static open(filename, options) {
    return new Database(filename, options);
  }
  get inTransaction() {
    if (!this.#conn.open) throw new Error('Database has closed');
    return host.sqliteInTransaction(this.#conn.id);
  }
  #usable(sql) {
    if (!this.#conn.open) throw closedError();
    if (typeof sql !== 'string') throw new TypeError(`Expected 'query' to be a string, got '${typeof sql}'`);
    if (sql.length === 0) throw new Error('SQL query cannot be empty.');
  }
  prepare(sql) {
    this.#usable(sql);
    return new Statement(this.#conn, sql);
  }
  query(sql) {
    this.#usable(sql);
    const cached = this.#cache.get(sql);
    if (cached && !cached.isFinalized) return cached;
    const statement = new Statement(this.#conn, sql);
    this.#cache.set(sql, statement);
    return statement;
  }
  run(sql, ...bindings) {
    if (!this.#conn.open) throw new Error('Database has closed');
    if (bindings.length > 0) return this.prepare(sql).run(...bindings);
    const [changes, lastInsertRowid] = host.sqliteExec(this.#conn.id, sql, this.#conn.safeIntegers);
    return { changes, lastInsertRowid };
  }
  exec(sql, ...bindings) {
    return this.run(sql, ...bindings);
  }
  clearQueryCache() {
    this.#cache.clear();
  }
  close() {
    if (!this.#conn.open) return;
    this.#conn.open = false;
    this.#cache.clear();
    host.sqliteClose(this.#conn.id);
  }
  [Symbol.dispose]() {
    this.close();
  }
  transaction(fn) {
    if (typeof fn !== 'function') throw new TypeError('Expected first argument to be a function');
    const db = this;
    const wrap = (begin) =>
      function sqliteTransaction(...args) {
        if (!db.#conn.open) throw closedError();
        const nested = host.sqliteInTransaction(db.#conn.id);
        const [before, after, undo] = nested
          ? [transactionSql.savepoint, transactionSql.release, transactionSql.rollbackTo]
          : [begin, 'COMMIT', 'ROLLBACK'];
        db.run(before);
        try {
          const result = fn.apply(this, args);
          db.run(after);
          return result;
        } catch (error) {
          if (db.inTransaction) {
            db.run(undo);
            if (nested) db.run(after);
          }
          throw error;
        }
      };
    const transaction = wrap(transactionSql.begin);
    Object.defineProperties(transaction, {
      deferred: { value: wrap(transactionSql.deferred) },
      immediate: { value: wrap(transactionSql.immediate) },
      exclusive: { value: wrap(transactionSql.exclusive) },
      database: { value: this, enumerable: true },
    });
    return transaction;
  }
}
Database.Database = Database;
Database.Statement = Statement;
Database.SQLiteError = SQLiteError;
Database.constants = constants;

return { Database };
