// Intl.DateTimeFormat's completion (`internal/intl` is NumberFormat's): the
// host installs `Intl.DateTimeFormat` and Date's toLocale*String methods as
// natives that run this unit on first use and call `setUp` once with boa's
// originals.

const { isDigit, cached, keyOf, localeOf } = need('internal/intl_common');

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

function setUp(natives) {
  const Native = natives.DateTimeFormat;
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
    // The fields are Temporal's ISO ones: other calendars keep boa's text.
    const calendar = nativeResolved.call(dtf).calendar;
    const local = calendar === 'gregory' || calendar === 'iso8601' ? localOf(dtf, when) : undefined;
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
