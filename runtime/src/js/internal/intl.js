// What boa 0.22's Intl lacks, written over boa's own Intl: NumberFormat's
// currency and percent styles and formatToParts (and Number's
// toLocaleString with those styles), RelativeTimeFormat, and DateTimeFormat's
// numeric fields as asked, formatToParts, formatRange and formatRangeToParts
// (and Date's toLocale*String through it). The host installs
// `Intl.DateTimeFormat`, `Intl.NumberFormat`, `Intl.RelativeTimeFormat` and
// those methods as natives that run this unit on first use and call `setUp`
// once with boa's originals.
//
// A currency or percent number is boa's decimal NumberFormat of the value
// (so every digit option means what it means for a decimal), between the
// affixes ICU4X's currency and percent formatters give for that value
// (`host.intlAffixes`, with the sign and the currency's symbol, code or name
// in the locale's pattern); RelativeTimeFormat's text is ICU4X's.

const STYLES = ['long', 'short', 'narrow'];
const RELATIVE_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];
const DIGIT_OPTIONS = [
  'numberingSystem',
  'minimumIntegerDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'useGrouping',
  'notation',
  'compactDisplay',
  'roundingMode',
  'roundingIncrement',
  'roundingPriority',
  'trailingZeroDisplay',
];

const NON_ASCII_DIGIT = /\p{Nd}/u;
const isDigit = (c) => c !== undefined && ((c >= '0' && c <= '9') || (c > '\x7f' && NON_ASCII_DIGIT.test(c)));

// A formatter per arguments, for the ones toLocaleString and the parts
// make on every call: boa builds a formatter from ICU4X's data each time.
function cached(cache, key, make) {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= 64) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

// A key for (locales, options) when both are plain data, else undefined.
function keyOf(locales, options) {
  const plain = (value) => value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
  if (!(plain(locales) || (Array.isArray(locales) && locales.every(plain)))) return undefined;
  if (options !== undefined) {
    if (options === null || typeof options !== 'object' || Object.getPrototypeOf(options) !== Object.prototype) {
      return undefined;
    }
    for (const key of Object.keys(options)) if (!plain(options[key])) return undefined;
  }
  return JSON.stringify([locales, options ?? null]);
}

// The decimal and group symbols of a decimal NumberFormat, read off a number
// that shows both.
function numberSymbols(Native, locale, numberingSystem) {
  const text = new Native(locale, { numberingSystem, useGrouping: true, minimumFractionDigits: 1 }).format(1234567.5);
  const chars = [...text];
  let decimal = '.';
  let group = ',';
  const last = chars.length - 1;
  for (let i = last - 1; i >= 0; i--) {
    if (!isDigit(chars[i])) {
      decimal = chars[i];
      break;
    }
  }
  for (let i = 1; i < last; i++) {
    if (!isDigit(chars[i])) {
      group = chars[i];
      break;
    }
  }
  return { decimal, group };
}

// A formatted decimal number as formatToParts gives it.
function numberParts(text, symbols) {
  const parts = [];
  const push = (type, value) => {
    const prev = parts[parts.length - 1];
    if (prev && prev.type === type && (type === 'literal' || type === 'compact')) prev.value += value;
    else parts.push({ type, value });
  };
  const chars = [...text];
  let fraction = false;
  let exponent = false;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (isDigit(c)) {
      let run = c;
      while (i + 1 < chars.length && isDigit(chars[i + 1])) run += chars[++i];
      parts.push({ type: exponent ? 'exponentInteger' : fraction ? 'fraction' : 'integer', value: run });
    } else if (c === symbols.decimal && !fraction && i + 1 < chars.length && isDigit(chars[i + 1])) {
      fraction = true;
      parts.push({ type: 'decimal', value: c });
    } else if (c === symbols.group && !fraction && i > 0 && isDigit(chars[i - 1])) {
      parts.push({ type: 'group', value: c });
    } else if (c === '-' || c === '\u2212') {
      parts.push({ type: exponent ? 'exponentMinusSign' : 'minusSign', value: c });
    } else if (c === '+') {
      parts.push({ type: 'plusSign', value: c });
    } else if (c === '%' || c === '\u066a') {
      parts.push({ type: 'percentSign', value: c });
    } else if (c === '\u221e') {
      parts.push({ type: 'infinity', value: c });
    } else if (c === 'N' && chars[i + 1] === 'a' && chars[i + 2] === 'N') {
      parts.push({ type: 'nan', value: 'NaN' });
      i += 2;
    } else if (c === 'E' && isDigit(chars[i - 1] ?? '')) {
      exponent = true;
      parts.push({ type: 'exponentSeparator', value: c });
    } else if (/\s/u.test(c)) {
      push('literal', c);
    } else {
      push('compact', c);
    }
  }
  return parts;
}

// A currency or percent affix as parts: signs, spaces and parentheses are
// their own parts, the rest is the currency (or the percent sign).
function affixParts(affix, style) {
  const parts = [];
  for (const [piece] of affix.matchAll(
    /[-\u2212+]|[()]|\s+|[%\u066a]|[^-\u2212+()\s%\u066a]+(?:\s+[^-\u2212+()\s%\u066a]+)*/gu,
  )) {
    let type = 'currency';
    if (piece === '-' || piece === '\u2212') type = 'minusSign';
    else if (piece === '+') type = 'plusSign';
    else if (piece === '%' || piece === '\u066a') type = 'percentSign';
    else if (piece === '(' || piece === ')' || /^\s+$/u.test(piece)) type = 'literal';
    else if (style !== 'currency') type = 'literal';
    const prev = parts[parts.length - 1];
    if (type === 'literal' && prev?.type === 'literal') prev.value += piece;
    else parts.push({ type, value: piece });
  }
  return parts;
}

function integerOption(options, name, min, max, fallback) {
  const value = options[name];
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < min || number > max) {
    throw new RangeError(`${name} is out of range.`);
  }
  return Math.floor(number);
}

// 0.4567 as 45.67, shifted in decimal rather than multiplied in binary.
function times100(x) {
  if (!Number.isFinite(x) || x === 0) return x;
  const [mantissa, exponent] = x.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + 2}`);
}

// The locale asked for where boa resolved only its language (`ja` for
// `ja-JP`): ICU4X's data falls back to the language for a region it has no
// data of its own for, where ICU's locale list names the region.
function localeOf(locales, resolved) {
  if (resolved.includes('-u-')) return resolved;
  let first;
  try {
    first = Intl.getCanonicalLocales(locales)[0];
  } catch {
    return resolved;
  }
  if (first === undefined) return resolved;
  const base = first.split('-u-')[0];
  return base.startsWith(`${resolved}-`) ? base : resolved;
}

// boa's NumberFormat throws for NaN and the infinities: their text, with
// the sign `signDisplay` gives them.
function nonFinite(value, signDisplay) {
  const text = Number.isNaN(value) ? 'NaN' : '\u221e';
  if (Number.isNaN(value) || signDisplay === 'never') return text;
  if (value < 0) return `-${text}`;
  return signDisplay === 'always' || signDisplay === 'exceptZero' ? `+${text}` : text;
}

function setUp(natives) {
  const Native = natives.NumberFormat;
  const nativeProto = Native.prototype;
  const nativeFormat = Object.getOwnPropertyDescriptor(nativeProto, 'format').get;
  const nativeResolved = nativeProto.resolvedOptions;
  // Per instance: ours (currency, percent) or boa's with what boa forgets.
  const ours = new WeakMap();
  const natived = new WeakMap();
  const symbolsOf = new Map();
  const symbols = (locale, numberingSystem) => {
    const key = `${locale} ${numberingSystem}`;
    if (!symbolsOf.has(key)) symbolsOf.set(key, numberSymbols(Native, locale, numberingSystem));
    return symbolsOf.get(key);
  };

  function NumberFormat(locales, options) {
    const target = new.target ?? NumberFormat;
    const opts = options === undefined ? {} : Object(options);
    const style = opts.style === undefined ? 'decimal' : String(opts.style);
    const roundingMode = opts.roundingMode === undefined ? 'halfExpand' : String(opts.roundingMode);
    if (style !== 'currency' && style !== 'percent') {
      const made = Reflect.construct(Native, [locales, options], target);
      natived.set(made, { roundingMode, locale: localeOf(locales, nativeResolved.call(made).locale) });
      return made;
    }
    let currency;
    let currencyDisplay = 'symbol';
    let currencySign = 'standard';
    if (style === 'currency') {
      if (opts.currency === undefined) throw new TypeError('currency must be a string');
      currency = String(opts.currency);
      if (!/^[A-Za-z]{3}$/.test(currency)) throw new RangeError('currency is not a well-formed currency code');
      currency = currency.toUpperCase();
      if (opts.currencyDisplay !== undefined) {
        currencyDisplay = String(opts.currencyDisplay);
        if (!['code', 'symbol', 'narrowSymbol', 'name'].includes(currencyDisplay)) {
          throw new RangeError('currencyDisplay must be either "code", "symbol", "narrowSymbol", or "name"');
        }
      }
      if (opts.currencySign !== undefined) {
        currencySign = String(opts.currencySign);
        if (currencySign !== 'standard' && currencySign !== 'accounting') {
          throw new RangeError('currencySign must be either "standard" or "accounting"');
        }
      }
    }
    const signDisplay = opts.signDisplay === undefined ? 'auto' : String(opts.signDisplay);
    const inner = {};
    for (const name of DIGIT_OPTIONS) if (opts[name] !== undefined) inner[name] = opts[name];
    const notation = opts.notation === undefined ? 'standard' : String(opts.notation);
    const significant = opts.minimumSignificantDigits !== undefined || opts.maximumSignificantDigits !== undefined;
    if (!significant && notation !== 'compact') {
      const digits = style === 'currency' ? host.intlCurrencyDigits(currency) : 0;
      let min = integerOption(opts, 'minimumFractionDigits', 0, 100, undefined);
      let max = integerOption(opts, 'maximumFractionDigits', 0, 100, undefined);
      if (min === undefined && max === undefined) {
        min = digits;
        max = digits;
      } else if (min === undefined) {
        min = Math.min(digits, max);
      } else if (max === undefined) {
        max = Math.max(digits, min);
      } else if (min > max) {
        throw new RangeError('maximumFractionDigits is out of range.');
      }
      inner.minimumFractionDigits = min;
      inner.maximumFractionDigits = max;
    }
    // ICU writes a currency's compact form short whatever compactDisplay says.
    if (style === 'currency') delete inner.compactDisplay;
    const number = new Native(locales, { ...inner, signDisplay: 'never' });
    const signed = new Native(locales, { ...inner, signDisplay });
    const resolved = nativeResolved.call(number);
    const self = Object.create(target.prototype);
    ours.set(self, {
      style,
      currency,
      currencyDisplay,
      currencySign,
      signDisplay,
      roundingMode,
      number,
      signed,
      locale: localeOf(locales, resolved.locale),
      numberingSystem: resolved.numberingSystem,
      maximumFractionDigits: resolved.maximumFractionDigits,
      affixes: new Map(),
    });
    return self;
  }

  // The parts of `x` by one of ours: affixes around boa's number.
  function ourParts(state, x) {
    const value = typeof x === 'bigint' ? x : Number(x);
    const scaled = state.style === 'percent' && typeof value === 'number' ? times100(value) : value;
    const finite = typeof scaled === 'bigint' || Number.isFinite(scaled);
    const digits = finite ? nativeFormat.call(state.number)(scaled) : nonFinite(scaled, 'never');
    const withSign = finite ? nativeFormat.call(state.signed)(scaled) : nonFinite(scaled, state.signDisplay);
    const sign = withSign === digits ? '' : withSign.replace(digits, '');
    const negative = /[-\u2212]/.test(sign);
    const plus = !negative && sign.includes('+');
    const magnitude = typeof scaled === 'bigint' ? (scaled < 0n ? -scaled : scaled) : Math.abs(scaled);
    let plain = '1';
    if (typeof magnitude === 'bigint') plain = String(magnitude);
    else if (Number.isFinite(magnitude) && magnitude < 1e21) {
      const max = state.maximumFractionDigits ?? 2;
      plain = magnitude.toFixed(Math.min(max, 20));
    }
    const signKey = negative ? '-' : plus ? '+' : '';
    const affixKey = state.currencyDisplay === 'name' ? `${signKey} ${plain}` : signKey;
    const [prefix, suffix] = cached(state.affixes, affixKey, () =>
      jsonParse(
        host.intlAffixes(
          jsonStringify({
            locale: state.locale,
            style: state.style,
            currency: state.currency ?? '',
            currencyDisplay: state.currencyDisplay,
            accounting: state.currencySign === 'accounting' && !plus,
            value: negative || plus ? `-${plain}` : plain,
          }),
        ),
      ).map((affix) => affixParts(plus ? affix.replace(/[-\u2212]/, '+') : affix, state.style)),
    );
    const copy = (part) => ({ type: part.type, value: part.value });
    return [
      ...prefix.map(copy),
      ...numberParts(digits, symbols(state.locale, state.numberingSystem)),
      ...suffix.map(copy),
    ];
  }

  const ourOf = (self, method) => {
    const state = ours.get(self);
    if (state === undefined && !natived.has(self)) {
      throw new TypeError(`Intl.NumberFormat.prototype.${method} called on an incompatible receiver`);
    }
    return state;
  };

  const proto = NumberFormat.prototype;
  Object.defineProperty(proto, 'format', {
    configurable: true,
    get() {
      const state = ourOf(this, 'format');
      const self = state ?? natived.get(this);
      if (self.bound === undefined) {
        const native = state === undefined ? nativeFormat.call(this) : undefined;
        const signDisplay = state === undefined ? nativeResolved.call(this).signDisplay : undefined;
        self.bound =
          state === undefined
            ? (x) => {
                const value = typeof x === 'bigint' ? x : Number(x);
                return typeof value === 'number' && !Number.isFinite(value)
                  ? nonFinite(value, signDisplay)
                  : native(value);
              }
            : (x) =>
                ourParts(state, x)
                  .map((part) => part.value)
                  .join('');
      }
      return self.bound;
    },
  });
  const methods = {
    formatToParts(x) {
      const state = ourOf(this, 'formatToParts');
      if (state !== undefined) return ourParts(state, x);
      const resolved = nativeResolved.call(this);
      const value = typeof x === 'bigint' ? x : Number(x);
      const text =
        typeof value === 'number' && !Number.isFinite(value)
          ? nonFinite(value, resolved.signDisplay)
          : nativeFormat.call(this)(value);
      return numberParts(text, symbols(resolved.locale, resolved.numberingSystem));
    },
    resolvedOptions() {
      const state = ourOf(this, 'resolvedOptions');
      const inner = nativeResolved.call(state === undefined ? this : state.number);
      const result = {};
      for (const [key, value] of Object.entries(inner)) {
        if (key === 'locale') {
          result.locale = (state ?? natived.get(this)).locale;
          continue;
        }
        if (key === 'roundingPriority') {
          result.roundingMode = (state ?? natived.get(this)).roundingMode;
        }
        if (state !== undefined && key === 'style') {
          result.style = state.style;
          if (state.style === 'currency') {
            result.currency = state.currency;
            result.currencyDisplay = state.currencyDisplay;
            result.currencySign = state.currencySign;
          }
          continue;
        }
        if (state !== undefined && key === 'signDisplay') {
          result.signDisplay = state.signDisplay;
          continue;
        }
        result[key] = value;
      }
      return result;
    },
  };
  for (const [name, method] of Object.entries(methods)) {
    Object.defineProperty(proto, name, { value: method, writable: true, configurable: true });
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: 'Intl.NumberFormat', configurable: true });
  Object.defineProperty(NumberFormat, 'supportedLocalesOf', {
    value: (locales, options) => Native.supportedLocalesOf(locales, options),
    writable: true,
    configurable: true,
  });

  const formats = new Map();
  function numberToLocaleString(locales, options) {
    const value = Number.prototype.valueOf.call(this);
    const key = keyOf(locales, options);
    const format =
      key === undefined
        ? new NumberFormat(locales, options)
        : cached(formats, key, () => new NumberFormat(locales, options));
    return format.format(value);
  }

  class Formatter {
    #locale;
    #style;
    #numeric;
    #numberingSystem;
    #number;
    constructor(locales, options) {
      const opts = options === undefined ? {} : Object(options);
      const style = opts.style === undefined ? 'long' : String(opts.style);
      if (!STYLES.includes(style)) throw new RangeError('style must be either "long", "short", or "narrow"');
      const numeric = opts.numeric === undefined ? 'always' : String(opts.numeric);
      if (numeric !== 'always' && numeric !== 'auto') {
        throw new RangeError('numeric must be either "always" or "auto"');
      }
      const numberOptions = { maximumFractionDigits: 3 };
      if (opts.numberingSystem !== undefined) numberOptions.numberingSystem = String(opts.numberingSystem);
      this.#number = new Native(locales, numberOptions);
      const resolved = nativeResolved.call(this.#number);
      this.#locale = localeOf(locales, resolved.locale);
      this.#numberingSystem = resolved.numberingSystem;
      this.#style = style;
      this.#numeric = numeric;
    }

    #parts(value, unit) {
      const number = Number(value);
      if (!Number.isFinite(number)) throw new RangeError('number argument must be finite');
      let name = String(unit);
      if (name.endsWith('s')) name = name.slice(0, -1);
      if (!RELATIVE_UNITS.includes(name)) throw new RangeError('unit argument is not a recognized unit type');
      const negative = number < 0 || Object.is(number, -0);
      const digits = nativeFormat.call(this.#number)(Math.abs(number));
      const plain = Math.abs(number)
        .toFixed(3)
        .replace(/\.?0+$/, '');
      const text = host.intlRelativeTime(
        jsonStringify({
          locale: this.#locale,
          style: this.#style,
          numeric: this.#numeric,
          unit: name,
          value: `${negative ? '-' : ''}${plain === '' ? '0' : plain}`,
        }),
      );
      const at = text.indexOf(digits);
      if (at < 0) return [{ type: 'literal', value: text }];
      const parts = [];
      if (at > 0) parts.push({ type: 'literal', value: text.slice(0, at) });
      for (const part of numberParts(digits, symbols(this.#locale, this.#numberingSystem))) {
        parts.push({ ...part, unit: name });
      }
      if (at + digits.length < text.length) parts.push({ type: 'literal', value: text.slice(at + digits.length) });
      return parts;
    }

    format(value, unit) {
      return this.#parts(value, unit)
        .map((part) => part.value)
        .join('');
    }

    formatToParts(value, unit) {
      return this.#parts(value, unit);
    }

    resolvedOptions() {
      return {
        locale: this.#locale,
        style: this.#style,
        numeric: this.#numeric,
        numberingSystem: this.#numberingSystem,
      };
    }

    static supportedLocalesOf(locales, options) {
      return Native.supportedLocalesOf(locales, options);
    }
  }
  // The class behind a function, so that a call without `new` throws
  // Bun's TypeError rather than boa's.
  function RelativeTimeFormat(locales, options) {
    if (new.target === undefined) {
      throw new TypeError('calling RelativeTimeFormat constructor without new is invalid');
    }
    return Reflect.construct(Formatter, [locales, options], new.target);
  }
  RelativeTimeFormat.prototype = Formatter.prototype;
  Object.defineProperty(Formatter.prototype, 'constructor', {
    value: RelativeTimeFormat,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(RelativeTimeFormat, 'supportedLocalesOf', {
    value: Formatter.supportedLocalesOf,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(Formatter.prototype, Symbol.toStringTag, {
    value: 'Intl.RelativeTimeFormat',
    configurable: true,
  });

  return {
    ...dates(natives.DateTimeFormat),
    NumberFormat,
    RelativeTimeFormat,
    numberToLocaleString,
  };
}

// Intl.DateTimeFormat over boa's, and Date's toLocaleString,
// toLocaleDateString and toLocaleTimeString through it. boa writes every
// numeric field the way its pattern for the field set does (a two-digit
// year, `03` or `3` whatever was asked, 12-hour clocks for `hour12: false`):
// the fields are found in boa's text in the order it shows them (what lies
// between is literal) and the numeric ones written again as the options
// ask, from the date's fields in the time zone (Temporal's). boa's narrow
// no-break space before a day period is a space, as in Bun.
const DATE_FIELDS = ['weekday', 'era', 'year', 'month', 'day'];
const TIME_FIELDS = ['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits'];
const COMPONENTS = [...DATE_FIELDS, ...TIME_FIELDS, 'timeZoneName'];
const RANK = { era: 8, year: 7, month: 6, weekday: 5, day: 5, dayPeriod: 3.5, hour: 3, minute: 2, second: 1 };

// ToDateTimeOptions: the options with the defaults of `required` and
// `defaults` ('date', 'time', 'any', 'all') filled in.
function withDefaults(options, required, defaults) {
  const opts = options === undefined ? {} : Object(options);
  const result = {};
  for (const key of Object.keys(opts)) result[key] = opts[key];
  const has = (fields) => fields.some((field) => opts[field] !== undefined);
  let needDefaults = true;
  if ((required === 'date' || required === 'any') && has(['weekday', 'year', 'month', 'day'])) needDefaults = false;
  if ((required === 'time' || required === 'any') && has(TIME_FIELDS)) needDefaults = false;
  if (opts.dateStyle !== undefined || opts.timeStyle !== undefined) needDefaults = false;
  if (required === 'date' && opts.timeStyle !== undefined) {
    throw new TypeError('Invalid option : timeStyle');
  }
  if (required === 'time' && opts.dateStyle !== undefined) {
    throw new TypeError('Invalid option : dateStyle');
  }
  if (needDefaults && (defaults === 'date' || defaults === 'all')) {
    result.year = 'numeric';
    result.month = 'numeric';
    result.day = 'numeric';
  }
  if (needDefaults && (defaults === 'time' || defaults === 'all')) {
    result.hour = 'numeric';
    result.minute = 'numeric';
    result.second = 'numeric';
  }
  return result;
}

const pad2 = (n) => String(n).padStart(2, '0');

function dates(Native) {
  const proto = Native.prototype;
  const nativeFormat = Object.getOwnPropertyDescriptor(proto, 'format').get;
  const nativeResolvedOf = proto.resolvedOptions;
  // boa's resolved options per instance: they never change, and boa takes
  // long to make them.
  const resolvedOf = new WeakMap();
  const nativeResolved = {
    call(dtf) {
      let resolved = resolvedOf.get(dtf);
      if (resolved === undefined) {
        resolved = nativeResolvedOf.call(dtf);
        resolvedOf.set(dtf, resolved);
      }
      return { ...resolved };
    },
  };
  // Per instance: the options as asked, defaults filled in.
  const asked = new WeakMap();
  const formats = new Map();

  function DateTimeFormat(locales, options) {
    const target = new.target ?? DateTimeFormat;
    const opts = withDefaults(options, 'any', 'date');
    let made;
    try {
      made = Reflect.construct(Native, [locales, opts], target);
    } catch (error) {
      if (error instanceof RangeError && opts.timeZone !== undefined && /time zone/.test(error.message)) {
        throw new RangeError(`invalid time zone: ${String(opts.timeZone)}`);
      }
      throw error;
    }
    asked.set(made, { ...opts, locale: localeOf(locales, nativeResolved.call(made).locale) });
    return made;
  }
  DateTimeFormat.prototype = proto;
  Object.defineProperty(proto, 'constructor', { value: DateTimeFormat, writable: true, configurable: true });
  Object.defineProperty(DateTimeFormat, 'supportedLocalesOf', {
    value: (locales, options) => Native.supportedLocalesOf(locales, options),
    writable: true,
    configurable: true,
  });

  const timeOf = (date) => {
    const value = date === undefined ? Date.now() : Number(date);
    if (!Number.isFinite(value)) throw new RangeError('Invalid time value');
    return value;
  };

  const timeZoneOf = (dtf) => {
    const zone = asked.get(dtf)?.timeZone;
    if (zone !== undefined) {
      const name = String(zone);
      return name.toUpperCase() === 'UTC' ? 'UTC' : name;
    }
    const resolved = nativeResolved.call(dtf).timeZone;
    return resolved === 'utc' ? 'UTC' : resolved;
  };

  const localOf = (dtf, when) => {
    try {
      return Temporal.Instant.fromEpochMilliseconds(when).toZonedDateTimeISO(timeZoneOf(dtf));
    } catch {
      return undefined;
    }
  };

  const singles = new Map();
  const single = (r, options, when) => {
    const all = { calendar: r.calendar, numberingSystem: r.numberingSystem, ...options };
    try {
      const format = cached(singles, JSON.stringify([r.locale, all]), () =>
        nativeFormat.call(new Native(r.locale, all)),
      );
      return format(when);
    } catch {
      return '';
    }
  };

  // The values each field can show in boa's text, longest first.
  function candidates(dtf, when, local) {
    const r = nativeResolved.call(dtf);
    const opts = asked.get(dtf);
    const styled = opts === undefined || opts.dateStyle !== undefined || opts.timeStyle !== undefined;
    const shown = (type) => styled || opts[type] !== undefined || (type === 'dayPeriod' && opts.hour !== undefined);
    const list = [];
    const seen = new Set();
    const add = (type, value) => {
      const key = `${type} ${value}`;
      if (value !== '' && shown(type) && !seen.has(key)) {
        seen.add(key);
        list.push({ type, value });
      }
    };
    if (local !== undefined) {
      const numeric = (type, n) => {
        add(type, String(n));
        add(type, pad2(n));
      };
      numeric('year', local.year);
      add('year', pad2(local.year % 100));
      numeric('month', local.month);
      numeric('day', local.day);
      numeric('hour', local.hour % 12 === 0 ? 12 : local.hour % 12);
      numeric('hour', local.hour);
      numeric('minute', local.minute);
      numeric('second', local.second);
    }
    const zone = { timeZone: opts?.timeZone ?? r.timeZone };
    const textual = (value) => styled || (value !== 'numeric' && value !== '2-digit');
    if (shown('month') && textual(opts?.month)) {
      for (const month of ['long', 'short', 'narrow']) add('month', single(r, { ...zone, month }, when));
    }
    if (shown('weekday')) {
      for (const weekday of ['long', 'short', 'narrow']) add('weekday', single(r, { ...zone, weekday }, when));
    }
    if (shown('dayPeriod')) {
      const hourText = single(r, { ...zone, hour: 'numeric', hour12: true }, when);
      const periods = hourText.split(/[\p{Nd}\s\u202f]+/u).filter((piece) => piece !== '');
      periods.sort((a, b) => b.length - a.length);
      if (periods.length > 0) add('dayPeriod', periods[0]);
    }
    list.sort((a, b) => b.value.length - a.value.length);
    // By first character, for `found`.
    const byFirst = new Map();
    for (const c of list) {
      const first = c.value[0];
      if (!byFirst.has(first)) byFirst.set(first, []);
      byFirst.get(first).push(c);
    }
    return byFirst;
  }

  // boa's text as parts.
  function found(text, byFirst) {
    const result = [];
    const used = new Set();
    let literal = '';
    let i = 0;
    const digit = isDigit;
    while (i < text.length) {
      const hit = byFirst
        .get(text[i])
        ?.find(
          (c) =>
            !used.has(c.type) &&
            text.startsWith(c.value, i) &&
            !(digit(c.value[0]) && (digit(text[i + c.value.length]) || digit(text[i - 1]))),
        );
      if (hit === undefined) {
        literal += text[i];
        i += 1;
        continue;
      }
      if (literal !== '') result.push({ type: 'literal', value: literal });
      literal = '';
      result.push({ type: hit.type, value: hit.value });
      used.add(hit.type);
      i += hit.value.length;
    }
    if (literal !== '') result.push({ type: 'literal', value: literal });
    return result;
  }

  // The numeric fields written as the options ask.
  function corrected(parts, opts, local) {
    if (opts === undefined || local === undefined || opts.dateStyle !== undefined || opts.timeStyle !== undefined) {
      return parts;
    }
    const cycle =
      opts.hourCycle !== undefined
        ? String(opts.hourCycle)
        : opts.hour12 === undefined
          ? undefined
          : opts.hour12
            ? 'h12'
            : 'h23';
    const result = [];
    let dropSpace = false;
    for (const part of parts) {
      const numeric = /^\d+$/.test(part.value);
      const style = opts[part.type];
      let value = part.value;
      if (numeric && part.type === 'year') {
        value = style === '2-digit' ? pad2(local.year % 100) : String(local.year);
      } else if (numeric && (part.type === 'month' || part.type === 'day')) {
        // `numeric` keeps the locale's pattern's width (`03` in French).
        if (style === '2-digit') value = pad2(local[part.type]);
      } else if (numeric && part.type === 'hour') {
        let n = Number(value);
        if (cycle === 'h23' || cycle === 'h24') n = cycle === 'h24' && local.hour === 0 ? 24 : local.hour;
        else if (cycle === 'h11') n = local.hour % 12;
        else if (cycle === 'h12') n = local.hour % 12 === 0 ? 12 : local.hour % 12;
        // `numeric` keeps boa's width, except for a 12-hour text made a
        // 24-hour one, which English pads (`08:07`).
        const twelve = parts.some((other) => other.type === 'dayPeriod');
        const converted = twelve && (cycle === 'h23' || cycle === 'h24');
        value = style === '2-digit' || converted || part.value.length === 2 ? pad2(n) : String(n);
      } else if (part.type === 'dayPeriod' && (cycle === 'h23' || cycle === 'h24')) {
        const previous = result[result.length - 1];
        if (previous?.type === 'literal' && /^[\s\u202f]+$/u.test(previous.value)) result.pop();
        else dropSpace = true;
        continue;
      }
      if (dropSpace && part.type === 'literal' && /^[\s\u202f]+$/u.test(part.value)) {
        dropSpace = false;
        continue;
      }
      dropSpace = false;
      result.push({ type: part.type, value });
    }
    return result;
  }

  function parts(dtf, when) {
    const text = nativeFormat.call(dtf)(when);
    const local = localOf(dtf, when);
    const list = candidates(dtf, when, local);
    return corrected(found(text, list), asked.get(dtf), local).map((part) =>
      part.type === 'literal' ? { type: 'literal', value: part.value.replace(/\u202f/g, ' ') } : part,
    );
  }

  const joined = (list) => list.map((part) => part.value).join('');
  const same = (a, b) => a.type === b.type && a.value === b.value;

  // Shared fields around the differing ones, as ICU's English interval
  // formats keep them: the fields above the largest one that differs.
  function rangeParts(dtf, startDate, endDate) {
    if (startDate === undefined || endDate === undefined) throw new TypeError('startDate or endDate is undefined');
    const start = parts(dtf, timeOf(startDate));
    const end = parts(dtf, timeOf(endDate));
    const shared = (part) => ({ ...part, source: 'shared' });
    if (start.length === end.length && start.every((part, k) => same(part, end[k]))) {
      return start.map(shared);
    }
    let top = 0;
    for (const part of start) {
      if (part.type !== 'literal' && !end.some((other) => same(part, other))) top = Math.max(top, RANK[part.type] ?? 0);
    }
    const hasTime = start.some((part) => part.type === 'hour');
    const keep = (part) => part.type === 'literal' || (RANK[part.type] ?? 0) > top;
    let head = 0;
    let tail = 0;
    if (!(hasTime && top >= RANK.day)) {
      while (head < start.length && head < end.length && same(start[head], end[head]) && keep(start[head])) head++;
      while (
        tail < start.length - head &&
        tail < end.length - head &&
        same(start[start.length - 1 - tail], end[end.length - 1 - tail]) &&
        keep(start[start.length - 1 - tail])
      ) {
        tail++;
      }
    }
    return [
      ...start.slice(0, head).map(shared),
      ...start.slice(head, start.length - tail).map((part) => ({ ...part, source: 'startRange' })),
      { type: 'literal', value: ' \u2013 ', source: 'shared' },
      ...end.slice(head, end.length - tail).map((part) => ({ ...part, source: 'endRange' })),
      ...start.slice(start.length - tail).map(shared),
    ];
  }

  const methods = {
    formatToParts(date) {
      return parts(this, timeOf(date));
    },
    formatRange(startDate, endDate) {
      return joined(rangeParts(this, startDate, endDate));
    },
    formatRangeToParts(startDate, endDate) {
      return rangeParts(this, startDate, endDate);
    },
    resolvedOptions() {
      const inner = nativeResolved.call(this);
      const opts = asked.get(this);
      if (opts === undefined) return inner;
      const result = {};
      const hasHour = opts.hour !== undefined || opts.timeStyle !== undefined;
      for (const [key, value] of Object.entries(inner)) {
        if (COMPONENTS.includes(key) || key === 'dateStyle' || key === 'timeStyle') continue;
        if ((key === 'hourCycle' || key === 'hour12') && !hasHour) continue;
        if (key === 'locale') result.locale = opts.locale;
        else result[key] = key === 'timeZone' ? timeZoneOf(this) : value;
      }
      if (hasHour) {
        // boa says h12 whatever the locale: without an option, the clock
        // is the one the text shows (a day period or none).
        const shown = () => (parts(this, 0).some((part) => part.type === 'dayPeriod') ? 'h12' : 'h23');
        const cycle =
          opts.hourCycle !== undefined
            ? String(opts.hourCycle)
            : opts.hour12 === undefined
              ? shown()
              : opts.hour12
                ? 'h12'
                : 'h23';
        if (cycle !== undefined) {
          result.hourCycle = cycle;
          result.hour12 = cycle === 'h11' || cycle === 'h12';
        }
      }
      for (const key of COMPONENTS) {
        if (opts[key] === undefined || opts.dateStyle !== undefined || opts.timeStyle !== undefined) continue;
        let value = opts[key];
        if ((key === 'minute' || key === 'second') && opts.hour !== undefined) value = '2-digit';
        result[key] = value;
      }
      if (opts.dateStyle !== undefined) result.dateStyle = opts.dateStyle;
      if (opts.timeStyle !== undefined) result.timeStyle = opts.timeStyle;
      return result;
    },
  };
  for (const [name, method] of Object.entries(methods)) {
    Object.defineProperty(proto, name, { value: method, writable: true, configurable: true });
  }
  Object.defineProperty(proto, 'format', {
    configurable: true,
    get() {
      nativeFormat.call(this);
      return (date) => joined(parts(this, timeOf(date)));
    },
  });

  const toLocale = (required, defaults) =>
    function (locales, options) {
      const time = Date.prototype.valueOf.call(this);
      if (Number.isNaN(time)) return 'Invalid Date';
      const make = () => new DateTimeFormat(locales, withDefaults(options, required, defaults));
      const key = keyOf(locales, options);
      const format = key === undefined ? make() : cached(formats, `${required} ${key}`, make);
      return joined(parts(format, time));
    };

  return {
    DateTimeFormat,
    dateToLocaleString: toLocale('any', 'all'),
    dateToLocaleDateString: toLocale('date', 'date'),
    dateToLocaleTimeString: toLocale('time', 'time'),
  };
}

return { setUp };
