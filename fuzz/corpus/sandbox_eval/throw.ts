function f() { throw new Error('e') }
f()