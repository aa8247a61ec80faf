interface A { a: number }
enum E { X, Y }
const a: A = { a: E.Y } as A;
function id<T>(x: T): T { return x }
id<A>(a)