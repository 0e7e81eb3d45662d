// The web worker's globals that light cycles' js_bot.js uses only once it has found itself in
// a worker (`self instanceof WorkerGlobalScope`): declared for its check as a module of the
// Node host (tsconfig.node.json), where they do not exist.
declare var WorkerGlobalScope: any;
declare var self: any;
declare var onmessage: any;
