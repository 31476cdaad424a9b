// What boa 0.22's Intl lacks in numbers, written over boa's own
// NumberFormat: the currency and percent styles, formatToParts and the
// text of NaN and the infinities (and Number's toLocaleString with those),
// and RelativeTimeFormat. The host installs `Intl.NumberFormat`,
// `Intl.RelativeTimeFormat` and `Number.prototype.toLocaleString` as natives
// that run this unit on first use and call `setUp` once with boa's
// originals; `internal/intl_dates` is DateTimeFormat's.
//
// A currency or percent number is boa's decimal NumberFormat of the value
// (so every digit option means what it means for a decimal), between the
// affixes ICU4X's currency and percent formatters give for that value
// (`host.intlAffixes`, with the sign and the currency's symbol, code or name
// in the locale's pattern); RelativeTimeFormat's text is ICU4X's.

const { isDigit, cached, keyOf, localeOf } = need('internal/intl_common');

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
    NumberFormat,
    RelativeTimeFormat,
    numberToLocaleString,
  };
}

return { setUp };
