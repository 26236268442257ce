import { typedStreamingHandler, type StreamingHandler } from '../pipeline/streaming-handler.js';
import { openEventStream, type EventStreamDeps } from '../streams/open-event-stream.js';

/** GET /v1/events/stream: the key's events as Server-Sent Events (decision 0022). */
export function streamEventsHandler(deps: EventStreamDeps): StreamingHandler {
  return typedStreamingHandler<'streamEvents'>((context, res) => openEventStream(deps, context, res));
}
