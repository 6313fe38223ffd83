// Types for the parts of undici loaded directly (see UpstreamPool): the package's own types cover only
// its index, whose other features (fetch, WebSocket, caches, ...) this server does not use.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}
declare module 'undici/lib/interceptor/retry.js' {
  import type { Dispatcher, RetryHandler } from 'undici';
  const retry: (options?: RetryHandler.RetryOptions & { throwOnError?: boolean }) => Dispatcher.DispatcherComposeInterceptor;
  export default retry;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  const request: (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  export default request;
}
