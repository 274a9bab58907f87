/**
 * The apps the integration tests start in-process log through the app's one
 * logger, created when its module loads: at `error` (unless LOG_LEVEL says
 * otherwise) the run shows what went wrong, not a line per request.
 */
process.env.LOG_LEVEL ??= 'error';
