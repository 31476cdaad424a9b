// ---- node/diagnostics_channel.js: node:diagnostics_channel
// Named channels libraries publish to (undici, pino, database drivers) and
// whoever subscribes receives, synchronously, in subscription order. A
// subscriber that throws does not stop the others: its error is thrown on
// the next tick, uncaught, as in Node. Stores (bindStore/runStores) need
// AsyncLocalStorage, which this runtime does not provide: runStores runs
// the function after publishing, with no store bound.
const { receivedText } = need('internal/buffer');

function invalidArgType(name, expected, value) {
  const error = new TypeError(`The "${name}" argument must be ${expected}. ${receivedText(value)}`);
  error.code = 'ERR_INVALID_ARG_TYPE';
  return error;
}

function checkName(name) {
  if (typeof name !== 'string' && typeof name !== 'symbol')
    throw invalidArgType('channel', 'of type string or symbol', name);
}

function checkFunction(fn, name) {
  if (typeof fn !== 'function') throw invalidArgType(name, 'of type function', fn);
}

const channels = new Map();
const kSubscribers = Symbol('subscribers');

class Channel {
  constructor(name) {
    checkName(name);
    this[kSubscribers] = [];
    this.name = name;
  }
  get hasSubscribers() {
    return this[kSubscribers].length > 0;
  }
  subscribe(subscription) {
    checkFunction(subscription, 'subscription');
    this[kSubscribers] = [...this[kSubscribers], subscription];
  }
  unsubscribe(subscription) {
    const at = this[kSubscribers].indexOf(subscription);
    if (at === -1) return false;
    this[kSubscribers] = this[kSubscribers].filter((_, i) => i !== at);
    return true;
  }
  publish(message) {
    // A copy: a subscriber that unsubscribes while called does not skip the next one.
    for (const subscriber of this[kSubscribers]) {
      try {
        subscriber(message, this.name);
      } catch (error) {
        process.nextTick(() => {
          throw error;
        });
      }
    }
  }
  bindStore() {
    throw new Error('diagnostics_channel stores need AsyncLocalStorage, which this runtime does not provide');
  }
  unbindStore() {
    return false;
  }
  runStores(data, fn, thisArg, ...args) {
    this.publish(data);
    return Reflect.apply(fn, thisArg, args);
  }
}

function channel(name) {
  checkName(name);
  let found = channels.get(name);
  if (found === undefined) {
    found = new Channel(name);
    channels.set(name, found);
  }
  return found;
}

function hasSubscribers(name) {
  checkName(name);
  return channels.get(name)?.hasSubscribers ?? false;
}

function subscribe(name, subscription) {
  checkFunction(subscription, 'subscription');
  channel(name).subscribe(subscription);
}

function unsubscribe(name, subscription) {
  checkName(name);
  return channels.get(name)?.unsubscribe(subscription) ?? false;
}

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'];

class TracingChannel {
  constructor(nameOrChannels) {
    for (const event of EVENTS) {
      if (typeof nameOrChannels === 'string') this[event] = channel(`tracing:${nameOrChannels}:${event}`);
      else if (
        nameOrChannels !== null &&
        typeof nameOrChannels === 'object' &&
        nameOrChannels[event] instanceof Channel
      )
        this[event] = nameOrChannels[event];
      else
        throw invalidArgType(
          'nameOrChannels',
          'of type string or an instance of TracingChannel or Object',
          nameOrChannels,
        );
    }
  }
  subscribe(handlers) {
    for (const event of EVENTS) if (handlers[event]) this[event].subscribe(handlers[event]);
  }
  unsubscribe(handlers) {
    let done = true;
    for (const event of EVENTS) if (handlers[event] && !this[event].unsubscribe(handlers[event])) done = false;
    return done;
  }
  traceSync(fn, context = {}, thisArg, ...args) {
    this.start.publish(context);
    try {
      const result = Reflect.apply(fn, thisArg, args);
      context.result = result;
      return result;
    } catch (error) {
      context.error = error;
      this.error.publish(context);
      throw error;
    } finally {
      this.end.publish(context);
    }
  }
  tracePromise(fn, context = {}, thisArg, ...args) {
    const settle = (value, failed) => {
      if (failed) {
        context.error = value;
        this.error.publish(context);
      } else context.result = value;
      this.asyncStart.publish(context);
      this.asyncEnd.publish(context);
      if (failed) throw value;
      return value;
    };
    this.start.publish(context);
    try {
      const promise = Reflect.apply(fn, thisArg, args);
      return Promise.resolve(promise).then(
        (value) => settle(value, false),
        (error) => settle(error, true),
      );
    } catch (error) {
      context.error = error;
      this.error.publish(context);
      throw error;
    } finally {
      this.end.publish(context);
    }
  }
  traceCallback(fn, position = -1, context = {}, thisArg, ...args) {
    const at = position < 0 ? args.length + position : position;
    const callback = args[at];
    checkFunction(callback, 'callback');
    const channels = this;
    args[at] = function traced(error, result) {
      if (error) {
        context.error = error;
        channels.error.publish(context);
      } else context.result = result;
      channels.asyncStart.publish(context);
      try {
        return Reflect.apply(callback, this, [error, result]);
      } finally {
        channels.asyncEnd.publish(context);
      }
    };
    this.start.publish(context);
    try {
      return Reflect.apply(fn, thisArg, args);
    } catch (error) {
      context.error = error;
      this.error.publish(context);
      throw error;
    } finally {
      this.end.publish(context);
    }
  }
}

function tracingChannel(nameOrChannels) {
  return new TracingChannel(nameOrChannels);
}

const diagnosticsChannel = { channel, hasSubscribers, subscribe, unsubscribe, tracingChannel, Channel };
return { diagnosticsChannel };
