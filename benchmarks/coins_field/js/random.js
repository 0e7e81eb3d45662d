// Random, in the original answers' style: three random action characters a turn. A field bot
// for benchmarks/strength.py.
/* global console -- a Node script */
const actions = "123ABCXYZFURTN";
let answer = "";
for (let i = 0; i < 3; i++) answer += actions[Math.floor(Math.random() * actions.length)];
console.log(answer);
