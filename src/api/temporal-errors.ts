import { WorkflowNotFoundError } from '@temporalio/client';

// What a failed call to Temporal means for the API: which gRPC status it carries, told apart by name.

/** The gRPC status codes the API tells apart (grpc.io, "Status codes and their use in gRPC"). */
export const GRPC = { CANCELLED: 1, DEADLINE_EXCEEDED: 4, UNIMPLEMENTED: 12 } as const;
export const grpcCode = (err: unknown): number | undefined =>
  err instanceof Error ? (err as { code?: number }).code ?? (err.cause as { code?: number } | undefined)?.code : undefined;
export const isDeadlineExceeded = (err: unknown): boolean =>
  err instanceof Error && (grpcCode(err) === GRPC.DEADLINE_EXCEEDED || /deadline exceeded/i.test(err.message));
/**
 * The server ended a held call on its side (CANCELLED, "Call cancelled"): seen when a query waits on
 * a task a killed worker held, and near the read's own deadline. Nothing went wrong with the run.
 */
export const isCancelledByServer = (err: unknown): boolean =>
  err instanceof Error && (grpcCode(err) === GRPC.CANCELLED || /call cancelled/i.test(err.message));
/** The server has no visibility to list (Temporal's time-skipping test server: UNIMPLEMENTED). */
export const cannotList = (err: unknown): boolean =>
  err instanceof Error && ((err.cause as { code?: number } | undefined)?.code === GRPC.UNIMPLEMENTED || /is unimplemented/.test(String(err.cause)));

export const isNotFound = (err: unknown): boolean =>
  err instanceof WorkflowNotFoundError || (err instanceof Error && /not found|already completed/i.test(err.message));
