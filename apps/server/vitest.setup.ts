// BigInt is not JSON by default; test failure messages print it through here.
(BigInt.prototype as unknown as { toJSON: () => string }).toJSON = function (this: bigint) {
  return this.toString();
};
