const r = await servers.s.t({ q: 1 });
console.log(r);
return r;