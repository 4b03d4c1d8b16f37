// Generated from /openapi.json by test/contract/client.test.ts; do not edit.
export interface paths {
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document: every route of the API */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            openapi: string;
                            info: {
                                title: string;
                                version: string;
                            } & {
                                [key: string]: unknown;
                            };
                            paths: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of every part: Temporal, worker, world */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description all parts up */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            parts: {
                                [key: string]: {
                                    ok: boolean;
                                    detail?: string;
                                };
                            };
                            /** @description some run fails on nondeterminism; the service is up, restarting it would not help */
                            degraded?: boolean;
                            /** @description runs whose workflow tasks fail on nondeterminism, with the command that repairs each */
                            stuck?: {
                                /** @description absent while visibility has not named the run yet */
                                workflowId?: string;
                                runId: string;
                                reason: string;
                                firstSeen: string;
                                lastSeen: string;
                                failures: number;
                                /** @description the command that repairs it */
                                repair?: string;
                            }[];
                        };
                    };
                };
                /** @description a part is down */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok: boolean;
                            parts: {
                                [key: string]: {
                                    ok: boolean;
                                    detail?: string;
                                };
                            };
                            /** @description some run fails on nondeterminism; the service is up, restarting it would not help */
                            degraded?: boolean;
                            /** @description runs whose workflow tasks fail on nondeterminism, with the command that repairs each */
                            stuck?: {
                                /** @description absent while visibility has not named the run yet */
                                workflowId?: string;
                                runId: string;
                                reason: string;
                                firstSeen: string;
                                lastSeen: string;
                                failures: number;
                                /** @description the command that repairs it */
                                repair?: string;
                            }[];
                        } | {
                            /** @description which field or header is wrong, and why */
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: Temporal reachable and the worker polling */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description ready to take work */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ready: boolean;
                            parts: {
                                [key: string]: {
                                    ok: boolean;
                                    detail?: string;
                                };
                            };
                        };
                    };
                };
                /** @description not ready; the parts say why */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ready: boolean;
                            parts: {
                                [key: string]: {
                                    ok: boolean;
                                    detail?: string;
                                };
                            };
                        } | {
                            /** @description which field or header is wrong, and why */
                            error: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics: the service's figures and the Temporal worker's own */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Prometheus text exposition format */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflowId}/repair": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Repair a run that fails on nondeterminism
         * @description Finds the first workflow task that today's code does not replay and resets the run to redo it: signals after it are applied again, activities keep their ids and idempotency keys, so nothing the world already did is done twice.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    workflowId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason?: string;
                    };
                };
            };
            responses: {
                /** @description the run was reset; the new run redoes the task */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            workflowId: string;
                            oldRunId: string;
                            newRunId: string;
                            /** @description the WorkflowTaskCompleted event, in the old run, of the task the new run redoes */
                            redoneTask: number;
                            /** @description what replay of that task said */
                            divergence: string;
                        };
                    };
                };
                /** @description not a workflow id of this service */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no such workflow */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the run replays with today's code: nothing to repair */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start the agent of a SKU (idempotent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        sku: string;
                    };
                };
            };
            responses: {
                /** @description already running */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sku: string;
                            workflowId: string;
                            started: boolean;
                        };
                    };
                };
                /** @description started */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sku: string;
                            workflowId: string;
                            started: boolean;
                        };
                    };
                };
                /** @description not a SKU */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unknown SKU */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{sku}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause the agent of a SKU */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sku: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description signalled */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sku: string;
                            /** @enum {boolean} */
                            pause: true;
                        };
                    };
                };
                /** @description not a SKU */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent was ever started for the SKU */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the agent is stopped: POST /agents starts it again */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{sku}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume the agent of a SKU */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sku: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description signalled */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sku: string;
                            /** @enum {boolean} */
                            resume: true;
                        };
                    };
                };
                /** @description not a SKU */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent was ever started for the SKU */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the agent is stopped: POST /agents starts it again */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agents/{sku}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop the agent of a SKU */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sku: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description signalled */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sku: string;
                            /** @enum {boolean} */
                            stop: true;
                        };
                    };
                };
                /** @description not a SKU */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent was ever started for the SKU */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the agent is stopped: POST /agents starts it again */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skus/{sku}/stock-changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stock of a SKU changed: its agent checks now */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sku: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description agent woken */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sku: string;
                            /** @enum {boolean} */
                            woken: true;
                        };
                    };
                };
                /** @description not a SKU */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not signed, or not by a sender allowed here (X-Supplier, X-Timestamp, X-Signature) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent was ever started for the SKU */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the agent is stopped: POST /agents starts it again */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SKUs with their stock, agent status, phase and past outcomes, a page at a time in SKU order */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    after?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `items` of the page, `next` to pass as `after` for the next page, `total` SKUs */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                sku: string;
                                onHand: number;
                                safetyStock: number;
                                targetLevel: number;
                                onOrder: number;
                                dailyDemand?: number;
                                demandHistory?: number[];
                                serviceLevel?: number;
                                /** @enum {string} */
                                abcClass?: "A" | "B" | "C";
                                /** @description watching, replenishing, paused, stopped, error, or none */
                                agent: string;
                                /** @description with agent `error`: why the agent cannot read its stock */
                                error: string | null;
                                phase: string | null;
                                activeReplenishment: string | null;
                                /** @description finished replenishments by outcome */
                                outcomes: {
                                    [key: string]: number;
                                };
                            }[];
                            /** @description pass as `after` for the next page; null on the last */
                            next: string | null;
                            total: number;
                        };
                    };
                };
                /** @description a bad limit or cursor */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/skus/{sku}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One SKU: stock, demand, agent, the running replenishment with its decision log */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sku: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the SKU */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sku: string;
                            /** @description ISO 4217: every amount is in it */
                            currency: string;
                            /** @description null when the ERP no longer knows the SKU (its agent then shows why) */
                            stock: ({
                                sku: string;
                                onHand: number;
                                safetyStock: number;
                                targetLevel: number;
                                onOrder: number;
                                dailyDemand?: number;
                                demandHistory?: number[];
                                serviceLevel?: number;
                                /** @enum {string} */
                                abcClass?: "A" | "B" | "C";
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description reorder point and target from demand (README, "Demand"), days of cover, projected stock-out; null without stock */
                            demand: {
                                /**
                                 * @description `policy`: levels set for a service level from the consumption history (README, "How much and when"); `demand`: from the average consumption; `typed`: the typed-in safety stock and target
                                 * @enum {string}
                                 */
                                source: "policy" | "demand" | "typed";
                                /** @description units consumed a business day: the forecast, or the average over the world's window */
                                dailyDemand: number | null;
                                /** @description lead time planned with: what the last supplier actually took (the mean of its last deliveries under the policy), else the default */
                                leadDays: number;
                                /** @description the agent replenishes when on hand plus on order falls below this */
                                reorderPoint: number;
                                /** @description what a replenishment orders up to */
                                targetLevel: number;
                                /** @description business days until the shelf is empty at today's demand */
                                daysOfCover: number | null;
                                /** @description when the shelf runs empty at today's demand */
                                projectedStockOut: string | null;
                                /** @description days of demand the target covers past the reorder point */
                                coverDays: number;
                                /** @description how the policy set the levels; only with source `policy` */
                                policy?: {
                                    forecast: {
                                        daily: number;
                                        /** @description units a day the demand grows by each day */
                                        trend: number;
                                        /** @description standard deviation of one day's demand */
                                        sigma: number;
                                        /** @description days of history */
                                        days: number;
                                        /** @description exceptional days capped */
                                        capped: number;
                                        cap: number | null;
                                    };
                                    leadTime: {
                                        days: number;
                                        sigma: number;
                                        deliveries: number;
                                        supplier: string | null;
                                    };
                                    /** @description cycle service level aimed at */
                                    serviceLevel: number;
                                    /** @enum {string} */
                                    serviceLevelFrom: "sku" | "class" | "default";
                                    z: number;
                                    safetyStock: {
                                        computed: number;
                                        typed: number;
                                        used: number;
                                    };
                                    orderQuantity: {
                                        units: number;
                                        eoq: number | null;
                                        unitPrice: number | null;
                                    };
                                    /** @description the levels in words */
                                    why: string;
                                };
                            } | null;
                            agent: ({
                                status: string;
                                replenishments: number;
                                active: ({
                                    workflowId: string;
                                    poNumber: string | null;
                                    phase: string;
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                error: string | null;
                                /** @description the rules its next replenishment starts with: the configuration as of its last stock check */
                                rules: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            pastOutcomes: ({
                                replenishment: number;
                                workflowId: string;
                                poNumber: string | null;
                                outcome: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description the last 10 replenishments, oldest first, with the workflow id each runs as */
                            runs: {
                                replenishment: number;
                                workflowId: string;
                            }[];
                            /** @description what the agent learned of each supplier */
                            suppliers: {
                                [key: string]: {
                                    orders: number;
                                    received: number;
                                    lastPrice: number;
                                } & {
                                    [key: string]: unknown;
                                };
                            };
                            replenishment: ({
                                workflowId: string;
                                phase: string;
                                waiting: ({
                                    tool: string;
                                    events: string[];
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                po: ({
                                    poNumber: string;
                                    supplier: string;
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                decision: ({
                                    kind: string;
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                order: ({
                                    poNumber: string;
                                    supplierRef: string;
                                    expectedDelivery: string;
                                } & {
                                    [key: string]: unknown;
                                }) | null;
                                /** @description orders this replenishment cancelled at their supplier to buy elsewhere (it refused them, or went silent) */
                                cancelledOrders: ({
                                    poNumber: string;
                                    supplier: string;
                                    /** @enum {string} */
                                    why: "refused" | "silent" | "repriced";
                                    cancelledAt: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                received: number;
                                replies: {
                                    messageId: string;
                                    kind: string;
                                    deliveryDate?: string;
                                    unitPrice?: number;
                                    quantity?: number;
                                    receivedAt: string;
                                }[];
                                /** @description the decision log */
                                log: ({
                                    turn: number;
                                    tool: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                notes: string[];
                                /** @description the rules this replenishment started with and keeps to its end */
                                rules: {
                                    [key: string]: unknown;
                                };
                            } & {
                                [key: string]: unknown;
                            }) | null;
                        };
                    };
                };
                /** @description not a SKU */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unknown SKU */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Purchase orders waiting for the manager's decision
         * @description Each run's PO waiting for a decision, and each supplier's consolidated PO (SPO-<supplier>-<k>, `kind: "consolidated"`) with its `lines`, decided whole at the same decision routes.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the POs waiting, ordered by SKU */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description ISO 4217: every amount is in it */
                            currency: string;
                            items: ({
                                sku: string;
                                workflowId: string;
                                poNumber: string;
                                supplier: string;
                                quantity: number;
                                unitPrice: number;
                                /** @description the goods plus the freight, when the supplier charges one */
                                total: number;
                                /** @description the supplier's freight for this order; absent when it charges none */
                                freight?: number;
                                requestedAt: string | null;
                                /** @description the other quotes the agent holds for the PO */
                                alternatives: ({
                                    /** @description approve this quote instead with {"decision":"approve","quoteId":…} */
                                    quoteId: string;
                                    supplier: string;
                                    unitPrice: number;
                                    moq: number;
                                    orderMultiple?: number;
                                    /** @description what the supplier counts and prices the SKU in ("kg", "m", "l"); absent for pieces or when it does not say */
                                    unit?: string;
                                    leadTimeDays: number;
                                    validUntil: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                /**
                                 * @description present for a supplier's consolidated PO (SPO-<supplier>-<k>), decided whole: quantity is all its lines' units, unitPrice its dearest line's, sku its lines' SKUs
                                 * @enum {string}
                                 */
                                kind?: "consolidated";
                                /** @description a consolidated PO's lines */
                                lines?: ({
                                    /** @description the line's own PO number, its SKU's replenishment */
                                    poNumber: string;
                                    sku: string;
                                    quantity: number;
                                    unitPrice: number;
                                    lineTotal: number;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                /** @description a consolidated PO's goods: its lines' totals, before freight */
                                goods?: number;
                                /** @description why the supplier's desk closed the consolidated PO's window (on time, or early for a line that could not wait) */
                                closedBecause?: string;
                                /** @description above TWO_APPROVALS_ABOVE: the managers who approved it so far (a run's PO or a consolidated PO) */
                                approvedBy?: string[];
                                /** @description above TWO_APPROVALS_ABOVE: how many different managers must approve it */
                                approvalsNeeded?: number;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{po}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The manager approves (up to a unit price, or with edits: another quantity or quote) or rejects a purchase order
         * @description An approval may edit the PO: another `quantity`, another `quoteId` the agent holds for it, or both. The agent checks the edit against the rules a drafted PO keeps (the quote still valid, the supplier's minimum and packs, what the replenishment may order, lead time against the stock-out, the manager's approval limit) and answers 409 (403 for the limit) naming the rule; an edit taken redrafts the PO as a revision (…-R<k>) and orders it. A consolidated PO (SPO-<supplier>-<k>) goes to its supplier's desk and is approved or rejected whole, for every line: no edits, and `maxUnitPrice` must cover its dearest line; a desk may have several waiting, each decided by its own number.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    po: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        decision: "approve";
                        /** @description the highest unit price approved; required unless quantity or quoteId is given, when it defaults to the edited line's unit price */
                        maxUnitPrice?: number;
                        by?: string;
                        note?: string;
                        /** @description approve this many units instead of the drafted quantity: at least the supplier's minimum, in whole packs, and within what the replenishment may order */
                        quantity?: number;
                        /** @description approve another quote the agent holds for this PO (the approvals inbox lists them under alternatives); without quantity, the quantity the agent would draft from it */
                        quoteId?: string;
                    } | {
                        /** @enum {string} */
                        decision: "reject";
                        reason: string;
                        by?: string;
                    };
                };
            };
            responses: {
                /** @description a repeat of a decision already delivered */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                            /** @description the approver the token proved */
                            by: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description delivered to the agent */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                            /** @description the approver the token proved */
                            by: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description invalid decision or PO number */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description an approval (or its edited total) above the manager's approval limit */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent for the SKU, or no desk for the consolidated PO's supplier */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO is not waiting for a decision, this manager already gave its first approval, or an edit breaks a rule (named) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/decisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The manager decides many purchase orders at once; each decision is answered on its own
         * @description Always 207 Multi-Status when the list is valid: each result carries the status its decision would have had alone (202 delivered, 200 a repeat, 403 above the manager's approval limit, 404 no agent or not a PO number, 409 not waiting for a decision or given earlier in the list, 503 its agent could not be reached), so one PO that moved on never holds back the others. With an Idempotency-Key, sending the same list again repeats each decision (200 per item), never doubles it. A consolidated PO (SPO-<supplier>-<k>) is decided whole by its supplier's desk, as the single route decides it: 202 taken, 200 a repeat under the same Idempotency-Key, 409 or 403 with the reason (another decision on a PO decided is a 409).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description a PO given again later in the list is answered 409 for that item: only its first decision counts */
                        decisions: ({
                            /** @description the PO number; one that cannot exist (blank included) is that item's 404 */
                            poNumber: string;
                            /** @enum {string} */
                            decision: "approve";
                            /** @description the highest unit price approved; required unless quantity or quoteId is given, when it defaults to the edited line's unit price */
                            maxUnitPrice?: number;
                            by?: string;
                            note?: string;
                            /** @description approve this many units instead of the drafted quantity: at least the supplier's minimum, in whole packs, and within what the replenishment may order */
                            quantity?: number;
                            /** @description approve another quote the agent holds for this PO (the approvals inbox lists them under alternatives); without quantity, the quantity the agent would draft from it */
                            quoteId?: string;
                        } | {
                            /** @description the PO number; one that cannot exist (blank included) is that item's 404 */
                            poNumber: string;
                            /** @enum {string} */
                            decision: "reject";
                            reason: string;
                            by?: string;
                        })[];
                    };
                };
            };
            responses: {
                /** @description one result per decision, in the order given */
                207: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            results: ({
                                poNumber: string;
                                /** @description 202 delivered, 200 a repeat, 404 no agent, 409 not waiting for it, 503 the agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the single decision route says it
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                error?: string;
                                workflowId?: string;
                                by?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                    };
                };
                /** @description a list or a decision that is not valid */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{po}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The manager cancels a running replenishment (and the order at the supplier, if one was placed), or every open line of a consolidated PO
         * @description A consolidated PO (SPO-<supplier>-<k>) is cancelled line by line: each line still open is cancelled by its own replenishment, as a cancellation of the line's PO number (which cancels the line at the supplier); lines already closed are passed over and listed. With an Idempotency-Key, sending it again repeats it on the same lines (200).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    po: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description a repeat of a cancellation already delivered */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                            /** @description the approver the token proved */
                            by: string;
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @description the consolidated PO number (SPO-<supplier>-<k>) */
                            poNumber: string;
                            /**
                             * @description delivered: at least one line took it now (202); duplicate: every line that took it had it already (200)
                             * @enum {string}
                             */
                            status: "delivered" | "duplicate";
                            /** @description each line it was for, in the consolidated PO's order */
                            lines: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                            /** @description the manager the token proved */
                            by: string;
                        };
                    };
                };
                /** @description delivered to the agent: the run cancels at its next step, a wait or a decision in flight; for a consolidated PO, to each open line's agent */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                            /** @description the approver the token proved */
                            by: string;
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @description the consolidated PO number (SPO-<supplier>-<k>) */
                            poNumber: string;
                            /**
                             * @description delivered: at least one line took it now (202); duplicate: every line that took it had it already (200)
                             * @enum {string}
                             */
                            status: "delivered" | "duplicate";
                            /** @description each line it was for, in the consolidated PO's order */
                            lines: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                            /** @description the manager the token proved */
                            by: string;
                        };
                    };
                };
                /** @description no reason, or an invalid PO number */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent for the SKU; or no consolidated PO placed under this number */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO is settled, not the one its agent works on, or already being cancelled; a consolidated PO not placed yet (waiting for the manager), or with no line open */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{po}/supplier-replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A supplier's reply about a purchase order or a consolidated PO (signed by the supplier)
         * @description To a consolidated PO (SPO-<supplier>-<k>): without `lines`, the reply goes to every line's replenishment as a reply to the line's own PO (lines already closed are passed over and listed); with `lines`, only the lines named hear it, each with its own fields. Before any line is sent anything, a line the SPO lacks or a quantity above a line's is a 400, a line named that is closed a 409, an SPO not placed yet a 409 and one never placed a 404. The answer lists each line's result, as a reply to its own PO would have been answered.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    po: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        messageId: string;
                        /** @description the supplier sending it, if given: must be the one that signs it (X-Supplier), otherwise a 400 */
                        supplier?: string;
                        /**
                         * @description the supplier's message as received (plain text or HTML, up to 5,000,000 characters); it must hold at least one visible character: whitespace, zero-width and other invisible format characters alone are refused with a 400
                         * @example We confirm PO-WASHER-M8-1 for delivery on 12 May 2026.
                         */
                        text: string;
                        /** @description what the supplier's system states of the order; to a consolidated PO, of every line */
                        fields?: {
                            /** @enum {string} */
                            kind?: "confirmed" | "delayed" | "price_change" | "refused" | "partial" | "unclear";
                            /** Format: date-time */
                            deliveryDate?: string;
                            unitPrice?: number;
                            quantity?: number;
                        };
                        /** @description only to a consolidated PO (SPO-…): what the reply states of each line named, which alone hear it (with the text); without lines, every line hears the reply */
                        lines?: {
                            /** @enum {string} */
                            kind: "confirmed" | "delayed" | "price_change" | "refused" | "partial" | "unclear";
                            /** Format: date-time */
                            deliveryDate?: string;
                            unitPrice?: number;
                            quantity?: number;
                            /** @description the line's own PO number (PO-<SKU>-<n>), as the consolidated PO listed it */
                            poNumber?: string;
                            /** @description or the line's SKU */
                            sku?: string;
                        }[];
                        /**
                         * Format: date-time
                         * @description when the mail reached you (its Date header), ISO 8601; a date written without a year is read from it. Defaults to when this request arrives
                         */
                        receivedAt?: string;
                    };
                };
            };
            responses: {
                /** @description a repeat of a message already delivered; for a consolidated PO, every line that took it had it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @description the consolidated PO number (SPO-<supplier>-<k>) */
                            poNumber: string;
                            /**
                             * @description delivered: at least one line took it now (202); duplicate: every line that took it had it already (200)
                             * @enum {string}
                             */
                            status: "delivered" | "duplicate";
                            /** @description each line it was for, in the consolidated PO's order */
                            lines: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                        };
                    };
                };
                /** @description delivered to the agent; for a consolidated PO, taken by at least one line */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @description the consolidated PO number (SPO-<supplier>-<k>) */
                            poNumber: string;
                            /**
                             * @description delivered: at least one line took it now (202); duplicate: every line that took it had it already (200)
                             * @enum {string}
                             */
                            status: "delivered" | "duplicate";
                            /** @description each line it was for, in the consolidated PO's order */
                            lines: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                        };
                    };
                };
                /** @description an invalid reply or PO number; lines to a PO that is not consolidated; a line the consolidated PO lacks, or more units than the line holds */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unsigned or badly signed */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO (or consolidated PO) was sent to another supplier */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent works on this PO's SKU; or no consolidated PO was placed under this number */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO is not waiting for a reply, or this messageId already came with another reply; a consolidated PO not placed yet, a line named that is closed, or no line taking it */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a body that is not JSON */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{po}/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Goods received against a purchase order, or against lines of a consolidated PO (signed by the warehouse)
         * @description Against a PO: `quantity`. Against a consolidated PO (SPO-<supplier>-<k>): `lines`, the units of each line named, each going to the line's replenishment as a receipt of its own PO. Before any line is sent anything, a line the SPO lacks is a 400, and a line closed or a quantity above what a line still expects a 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    po: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        receiptId: string;
                        /** @description the units received against a PO (PO-…) */
                        quantity?: number;
                        /** @description against a consolidated PO (SPO-…): the units received of each line named */
                        lines?: {
                            /** @description the line's own PO number (PO-<SKU>-<n>), as the consolidated PO listed it */
                            poNumber?: string;
                            /** @description or the line's SKU */
                            sku?: string;
                            quantity: number;
                        }[];
                    };
                };
            };
            responses: {
                /** @description a repeat of a receipt already delivered */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @description the consolidated PO number (SPO-<supplier>-<k>) */
                            poNumber: string;
                            /**
                             * @description delivered: at least one line took it now (202); duplicate: every line that took it had it already (200)
                             * @enum {string}
                             */
                            status: "delivered" | "duplicate";
                            /** @description each line it was for, in the consolidated PO's order */
                            lines: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                        };
                    };
                };
                /** @description delivered to the agent; for a consolidated PO, taken by at least one line */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @description the consolidated PO number (SPO-<supplier>-<k>) */
                            poNumber: string;
                            /**
                             * @description delivered: at least one line took it now (202); duplicate: every line that took it had it already (200)
                             * @enum {string}
                             */
                            status: "delivered" | "duplicate";
                            /** @description each line it was for, in the consolidated PO's order */
                            lines: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                        };
                    };
                };
                /** @description an invalid receipt or PO number; quantity against a consolidated PO or lines against a PO; a line the consolidated PO lacks */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unsigned or badly signed */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no agent works on this PO's SKU; or no consolidated PO was placed under this number */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO is not waiting for goods, the receipt is for more than it still expects, or this receiptId already came with another quantity; a consolidated PO not placed yet, a line closed, or more than a line still expects */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound-mail/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Supplier mail received, newest first: held for the manager, refused with its bounce reason, or delivered */
        get: {
            parameters: {
                query?: {
                    /** @description held: waiting for the manager; refused: bounced with a reason; delivered: reached a run */
                    status?: "delivered" | "held" | "refused";
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                messageId: string | null;
                                receivedAt: string;
                                /** @enum {string} */
                                status: "delivered" | "held" | "refused";
                                reason: string;
                                from: string | null;
                                supplier: string | null;
                                poNumber: string | null;
                                subject: string | null;
                                sizeBytes: number;
                                attachments: {
                                    filename: string | null;
                                    contentType: string;
                                    size: number;
                                }[];
                                text: string | null;
                                attempts: number;
                            }[];
                        };
                    };
                };
                /** @description a body, path parameter or query that is not valid; the message names the field */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Purchase orders, open and settled, newest change first, filtered and paged (or all of them as CSV)
         * @description A settled PO is its purchasing record (status: its outcome); an open one shows what it holds so far (status: its phase, outcome and settledAt null, its decision log still in the run's history).
         */
        get: {
            parameters: {
                query?: {
                    sku?: string;
                    supplier?: string;
                    /** @description settled POs with this outcome; with `status`, the status must be settled or this outcome (otherwise a 400) */
                    outcome?: "received" | "cancelled" | "rejected" | "gave_up" | "failed";
                    /** @description open or settled; a phase of an open PO (awaiting_approval, ordered, …); or an outcome. With `outcome`, only settled or that outcome (otherwise a 400) */
                    status?: "open" | "settled" | "drafting" | "awaiting_approval" | "approved" | "ordered" | "awaiting_goods" | "receiving" | "received" | "cancelled" | "rejected" | "gave_up" | "failed";
                    /** @description changed (a settled PO: settled) at or after: a day counts from its start (UTC); must come before `to` (otherwise a 400) */
                    from?: string;
                    /** @description changed (a settled PO: settled) before: a day is included whole (UTC) */
                    to?: string;
                    /** @description rule: approved by the approval policy (approver `policy:<rule>`); person: by a manager */
                    approval?: "rule" | "person";
                    limit?: number;
                    /** @description the `next` of the previous page */
                    after?: string;
                    /** @description csv: every matching record, no paging */
                    format?: "json" | "csv";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description a page of records; with format=csv every matching record as CSV */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: ({
                                replenishmentId: string;
                                runId: string;
                                sku: string;
                                replenishment: number;
                                poNumber: string | null;
                                supplier: string | null;
                                quantityDrafted: number | null;
                                quantityOrdered: number;
                                quantityReceived: number;
                                unitPrice: number | null;
                                /** @description quantity ordered × unit price, plus the supplier's freight when the order paid one; null when nothing was ordered */
                                orderTotal: number | null;
                                currency: string;
                                approvals: ({
                                    /** @enum {string} */
                                    decision: "approved" | "rejected";
                                    /** @description the approver the token proved */
                                    by: string;
                                    /** @description the approval rule that decided, when no person did */
                                    rule: string | null;
                                    at: string;
                                    /** @description where the decision was made: page, api, cli, email-link, slack; policy for a rule's */
                                    channel?: string | null;
                                    /** @description the manager approved other terms than those drafted: both */
                                    edit?: {
                                        drafted: {
                                            poNumber: string;
                                            supplier: string;
                                            quoteId: string;
                                            quantity: number;
                                            unitPrice: number;
                                            total: number;
                                        } & {
                                            [key: string]: unknown;
                                        };
                                        approved: {
                                            poNumber: string;
                                            supplier: string;
                                            quoteId: string;
                                            quantity: number;
                                            unitPrice: number;
                                            total: number;
                                        } & {
                                            [key: string]: unknown;
                                        };
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    /** @description the PO it was given to, when not the record's own: an order cancelled at its supplier before the run bought elsewhere */
                                    poNumber?: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                outcome: string | null;
                                reason: string | null;
                                startedAt: string;
                                settledAt: string | null;
                                orderedAt: string | null;
                                receivedAt: string | null;
                                /** @description the decision log */
                                turns: ({
                                    turn: number;
                                    at: string;
                                    tool: string;
                                    result: string;
                                    summary: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                /** @description a settled PO's outcome (received, cancelled, …), an open one's phase (awaiting approval, ordered, …) */
                                status: string;
                                /** @description an open PO's phase */
                                phase?: string;
                                /** @description the consolidated PO (SPO-<supplier>-<k>) the PO was placed on as a line; null when ordered alone or not yet ordered */
                                supplierOrder: string | null;
                                /** @description its last change: a settled PO's settlement */
                                updatedAt: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description pass as `after` for the next page; null on the last */
                            next: string | null;
                            /** @description purchase orders matching the filter */
                            total: number;
                        };
                        "text/csv": string;
                    };
                };
                /** @description a filter, limit or cursor that is not valid */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every record matching the filters, as CSV */
        get: {
            parameters: {
                query?: {
                    sku?: string;
                    supplier?: string;
                    /** @description settled POs with this outcome; with `status`, the status must be settled or this outcome (otherwise a 400) */
                    outcome?: "received" | "cancelled" | "rejected" | "gave_up" | "failed";
                    /** @description open or settled; a phase of an open PO (awaiting_approval, ordered, …); or an outcome. With `outcome`, only settled or that outcome (otherwise a 400) */
                    status?: "open" | "settled" | "drafting" | "awaiting_approval" | "approved" | "ordered" | "awaiting_goods" | "receiving" | "received" | "cancelled" | "rejected" | "gave_up" | "failed";
                    /** @description changed (a settled PO: settled) at or after: a day counts from its start (UTC); must come before `to` (otherwise a 400) */
                    from?: string;
                    /** @description changed (a settled PO: settled) before: a day is included whole (UTC) */
                    to?: string;
                    /** @description rule: approved by the approval policy (approver `policy:<rule>`); person: by a manager */
                    approval?: "rule" | "person";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description one line per purchase order */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/csv": string;
                    };
                };
                /** @description a filter that is not valid */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/spend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Money committed per supplier and month (orders placed and not cancelled at the supplier) */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            lines: {
                                supplier: string;
                                month: string;
                                amount: number;
                                /** @description orders the supplier took that month: a consolidated PO counts once */
                                orders: number;
                                /** @description the SKUs' POs among them: each line of a consolidated PO counts, an order of one SKU is one line */
                                lines: number;
                            }[];
                        };
                    };
                };
                /** @description a month that is not YYYY-MM, or from after to */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{po}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A purchase order: the replenishment working on it, and its record once settled; or a consolidated PO with its lines
         * @description The workflow is found by the PoNumber search attribute, else by the id the PO number names (replenish-<SKU>-<n>). After Temporal's retention has deleted the workflow, the record alone answers (foundBy: record). A consolidated PO (SPO-<supplier>-<k>) placed with its supplier answers with its lines, each with where it stands.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    po: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": ({
                            poNumber: string;
                            workflowId: string;
                            runId: string;
                            sku: string;
                            /** @description Temporal's status of the replenishment: RUNNING, COMPLETED, …; COMPLETED when only the record is left */
                            status: string;
                            phase: string | null;
                            outcome: string | null;
                            currentPoNumber: string | null;
                            /** @description search-attribute, po-number (the workflow id it names), or record (the workflow is gone) */
                            foundBy: string;
                            /** @description the purchasing record, once the replenishment has settled */
                            record: ({
                                replenishmentId: string;
                                runId: string;
                                sku: string;
                                replenishment: number;
                                /** @description the last PO number drafted (a revision replaces the first) */
                                poNumber: string | null;
                                supplier: string | null;
                                quantityDrafted: number | null;
                                quantityOrdered: number;
                                quantityReceived: number;
                                unitPrice: number | null;
                                /** @description quantity ordered × unit price, plus the supplier's freight when the order paid one; null when nothing was ordered */
                                orderTotal: number | null;
                                currency: string;
                                approvals: ({
                                    /** @enum {string} */
                                    decision: "approved" | "rejected";
                                    /** @description the approver the token proved */
                                    by: string;
                                    /** @description the approval rule that decided, when no person did */
                                    rule: string | null;
                                    at: string;
                                    /** @description where the decision was made: page, api, cli, email-link, slack; policy for a rule's */
                                    channel?: string | null;
                                    /** @description the manager approved other terms than those drafted: both */
                                    edit?: {
                                        drafted: {
                                            poNumber: string;
                                            supplier: string;
                                            quoteId: string;
                                            quantity: number;
                                            unitPrice: number;
                                            total: number;
                                        } & {
                                            [key: string]: unknown;
                                        };
                                        approved: {
                                            poNumber: string;
                                            supplier: string;
                                            quoteId: string;
                                            quantity: number;
                                            unitPrice: number;
                                            total: number;
                                        } & {
                                            [key: string]: unknown;
                                        };
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    /** @description the PO it was given to, when not the record's own: an order cancelled at its supplier before the run bought elsewhere */
                                    poNumber?: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                                outcome: string;
                                reason: string;
                                startedAt: string;
                                settledAt: string;
                                orderedAt: string | null;
                                receivedAt: string | null;
                                /** @description the decision log */
                                turns: ({
                                    turn: number;
                                    at: string;
                                    tool: string;
                                    result: string;
                                    summary: string;
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            /** @description the blanket agreement the current PO drew on (null when none, or when its draw was given back because it was not ordered) */
                            agreement: {
                                agreementId: string;
                                quantity: number;
                                value: number;
                                drawnAt: string;
                            } | null;
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @description the consolidated PO number (SPO-<supplier>-<k>) */
                            poNumber: string;
                            supplier: string;
                            currency: string;
                            /** @description the supplier's reference for the order */
                            supplierRef: string;
                            placedAt: string;
                            goods: number;
                            /** @description freight on the whole order; null when it shipped free */
                            freight: number | null;
                            total: number;
                            lines: {
                                /** @description the line's own PO number: its replenishment follows it, and messages to it reach that replenishment */
                                poNumber: string;
                                sku: string;
                                quantity: number;
                                unitPrice: number;
                                lineTotal: number;
                                /** @description the replenishment that has the line */
                                workflowId: string;
                                /**
                                 * @description open: its replenishment follows the line; settled: it closed it; elsewhere: it went on with another PO or supplier
                                 * @enum {string}
                                 */
                                standing: "open" | "settled" | "elsewhere";
                                /** @description the replenishment's phase while open (placed: it has not shown the order yet), its outcome once settled */
                                status: string;
                                quantityReceived: number;
                                /** @description units the line still expects */
                                expected: number;
                                /** @description why the line takes no more messages; null while open */
                                why: string | null;
                            }[];
                        };
                    };
                };
                /** @description not a PO number */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no such purchase order; or no consolidated PO placed under this number (one waiting for the manager's approval is in GET /approvals) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{po}/record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The purchasing record of a settled purchase order, with its decision log */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    po: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description what the service keeps of a settled replenishment, after Temporal's retention deletes its history */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            replenishmentId: string;
                            runId: string;
                            sku: string;
                            replenishment: number;
                            /** @description the last PO number drafted (a revision replaces the first) */
                            poNumber: string | null;
                            supplier: string | null;
                            quantityDrafted: number | null;
                            quantityOrdered: number;
                            quantityReceived: number;
                            unitPrice: number | null;
                            /** @description quantity ordered × unit price, plus the supplier's freight when the order paid one; null when nothing was ordered */
                            orderTotal: number | null;
                            currency: string;
                            approvals: ({
                                /** @enum {string} */
                                decision: "approved" | "rejected";
                                /** @description the approver the token proved */
                                by: string;
                                /** @description the approval rule that decided, when no person did */
                                rule: string | null;
                                at: string;
                                /** @description where the decision was made: page, api, cli, email-link, slack; policy for a rule's */
                                channel?: string | null;
                                /** @description the manager approved other terms than those drafted: both */
                                edit?: {
                                    drafted: {
                                        poNumber: string;
                                        supplier: string;
                                        quoteId: string;
                                        quantity: number;
                                        unitPrice: number;
                                        total: number;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    approved: {
                                        poNumber: string;
                                        supplier: string;
                                        quoteId: string;
                                        quantity: number;
                                        unitPrice: number;
                                        total: number;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                } & {
                                    [key: string]: unknown;
                                };
                                /** @description the PO it was given to, when not the record's own: an order cancelled at its supplier before the run bought elsewhere */
                                poNumber?: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            outcome: string;
                            reason: string;
                            startedAt: string;
                            settledAt: string;
                            orderedAt: string | null;
                            receivedAt: string | null;
                            /** @description the decision log */
                            turns: ({
                                turn: number;
                                at: string;
                                tool: string;
                                result: string;
                                summary: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description not a PO number */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not settled, or no such purchase order */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agreements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Blanket agreements, newest first, with what remains of each and its status */
        get: {
            parameters: {
                query?: {
                    status?: "scheduled" | "active" | "expired" | "used-up" | "cancelled";
                    /** @description only agreements with a line for this SKU */
                    sku?: string;
                    supplier?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            currency: string;
                            items: {
                                agreementId: string;
                                supplier: string;
                                currency: string;
                                /** @enum {string} */
                                approval: "once" | "each-order";
                                /**
                                 * @description scheduled (not yet valid), active, expired, used-up (nothing left to draw) or cancelled
                                 * @enum {string}
                                 */
                                status: "scheduled" | "active" | "expired" | "used-up" | "cancelled";
                                validFrom: string;
                                /** @description valid up to, not including, this instant */
                                validUntil: string;
                                leadTimeDays: number;
                                totalValue: number | null;
                                drawnValue: number;
                                remainingValue: number | null;
                                lines: {
                                    sku: string;
                                    unitPrice: number;
                                    moq: number;
                                    orderMultiple: number | null;
                                    /** @description units the agreement holds of this SKU; null when only the total value limits it */
                                    quantity: number | null;
                                    drawnQuantity: number;
                                    remainingQuantity: number | null;
                                }[];
                                approvedBy: string;
                                approvedAt: string;
                                cancelledBy: string | null;
                                cancelledAt: string | null;
                                cancelReason: string | null;
                                note: string | null;
                            }[];
                        };
                    };
                };
                /** @description a filter that is not valid */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * A manager approves a blanket agreement: a supplier's prices for SKUs, up to quantities and/or a total value, for a period
         * @description Later replenishments of a covered SKU draft from it without asking suppliers and draw their PO down from it; with approval once, such a PO is approved by rule (policy:blanket-agreement). The token's manager is recorded as the approver.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        supplier: string;
                        lines: {
                            sku: string;
                            unitPrice: number;
                            /** @description units the agreement holds of this SKU; without it, the total value limits the SKU */
                            quantity?: number;
                            /** @description the fewest units one order under the agreement may take (default 1) */
                            moq?: number;
                            /** @description the pack size: orders are whole multiples of it */
                            orderMultiple?: number;
                        }[];
                        /** @description the most the orders under the agreement may cost together, in the deployment's currency */
                        totalValue?: number;
                        /** @description must be the deployment's currency; absent, it is */
                        currency?: string;
                        /** @description from when orders may draw on it: a day (2026-11-30) or a date-time with its offset (2026-11-30T12:00:00Z) */
                        validFrom: string;
                        /** @description until when: a day (2026-11-30) or a date-time with its offset (2026-11-30T12:00:00Z); a day is included whole */
                        validUntil: string;
                        /** @description business days from an order under the agreement to its goods, as the supplier promised */
                        leadTimeDays: number;
                        /**
                         * @default once
                         * @enum {string}
                         */
                        approval?: "once" | "each-order";
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agreementId: string;
                            supplier: string;
                            currency: string;
                            /** @enum {string} */
                            approval: "once" | "each-order";
                            /**
                             * @description scheduled (not yet valid), active, expired, used-up (nothing left to draw) or cancelled
                             * @enum {string}
                             */
                            status: "scheduled" | "active" | "expired" | "used-up" | "cancelled";
                            validFrom: string;
                            /** @description valid up to, not including, this instant */
                            validUntil: string;
                            leadTimeDays: number;
                            totalValue: number | null;
                            drawnValue: number;
                            remainingValue: number | null;
                            lines: {
                                sku: string;
                                unitPrice: number;
                                moq: number;
                                orderMultiple: number | null;
                                /** @description units the agreement holds of this SKU; null when only the total value limits it */
                                quantity: number | null;
                                drawnQuantity: number;
                                remainingQuantity: number | null;
                            }[];
                            approvedBy: string;
                            approvedAt: string;
                            cancelledBy: string | null;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            note: string | null;
                        };
                    };
                };
                /** @description a field that is not valid: named, with why (an unknown SKU or supplier, another currency, until before from, …) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the agreement may commit more than the manager's approval limit */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agreements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A blanket agreement, with the POs that drew on it */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agreementId: string;
                            supplier: string;
                            currency: string;
                            /** @enum {string} */
                            approval: "once" | "each-order";
                            /**
                             * @description scheduled (not yet valid), active, expired, used-up (nothing left to draw) or cancelled
                             * @enum {string}
                             */
                            status: "scheduled" | "active" | "expired" | "used-up" | "cancelled";
                            validFrom: string;
                            /** @description valid up to, not including, this instant */
                            validUntil: string;
                            leadTimeDays: number;
                            totalValue: number | null;
                            drawnValue: number;
                            remainingValue: number | null;
                            lines: {
                                sku: string;
                                unitPrice: number;
                                moq: number;
                                orderMultiple: number | null;
                                /** @description units the agreement holds of this SKU; null when only the total value limits it */
                                quantity: number | null;
                                drawnQuantity: number;
                                remainingQuantity: number | null;
                            }[];
                            approvedBy: string;
                            approvedAt: string;
                            cancelledBy: string | null;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            note: string | null;
                            /** @description the POs that drew on it and still hold their draw (ordered, or on their way), newest first */
                            draws: {
                                poNumber: string;
                                replenishmentId: string;
                                sku: string;
                                quantity: number;
                                value: number;
                                drawnAt: string;
                            }[];
                        };
                    };
                };
                /** @description not an agreement id */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no such agreement */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/agreements/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A manager cancels a blanket agreement: no later PO draws on it; POs that drew on it keep their draw */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agreementId: string;
                            supplier: string;
                            currency: string;
                            /** @enum {string} */
                            approval: "once" | "each-order";
                            /**
                             * @description scheduled (not yet valid), active, expired, used-up (nothing left to draw) or cancelled
                             * @enum {string}
                             */
                            status: "scheduled" | "active" | "expired" | "used-up" | "cancelled";
                            validFrom: string;
                            /** @description valid up to, not including, this instant */
                            validUntil: string;
                            leadTimeDays: number;
                            totalValue: number | null;
                            drawnValue: number;
                            remainingValue: number | null;
                            lines: {
                                sku: string;
                                unitPrice: number;
                                moq: number;
                                orderMultiple: number | null;
                                /** @description units the agreement holds of this SKU; null when only the total value limits it */
                                quantity: number | null;
                                drawnQuantity: number;
                                remainingQuantity: number | null;
                            }[];
                            approvedBy: string;
                            approvedAt: string;
                            cancelledBy: string | null;
                            cancelledAt: string | null;
                            cancelReason: string | null;
                            note: string | null;
                        };
                    };
                };
                /** @description no reason, or not an agreement id */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no such agreement */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the agreement was cancelled before */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not JSON (Content-Type: application/json) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{po}/approval-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Signed single-use links to approve or reject a PO waiting for approval, made for the calling manager (for an email or a chat message)
         * @description For a consolidated PO (SPO-<supplier>-<k>) the links bind its SPO number, supplier, every unit of its lines and its dearest line's unit price.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    po: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the two links and their terms */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            poNumber: string;
                            sku: string;
                            supplier: string;
                            quantity: number;
                            unitPrice: number;
                            total: number;
                            currency: string;
                            /** @description who the links decide as: the token's manager */
                            manager: string;
                            expiresAt: string;
                            /** @description opens the confirmation page of an approval up to the unit price asked */
                            approve: string;
                            /** @description opens the confirmation page of a rejection */
                            reject: string;
                            approveToken: string;
                            /** @description the tokens alone, for a chat button's value */
                            rejectToken: string;
                        };
                    };
                };
                /** @description a body, path parameter or query that is not valid; the message names the field */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid manager token (Authorization: Bearer) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description approval links are not enabled on this service */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO is not waiting for a manager's decision */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The manager's page: approvals, SKUs, timelines */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description index.html */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/app.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: starts the page: token, buttons, the poll */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description app.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/api.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: requests with the manager's token; errors in words */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description api.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/format.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: elements from text; amounts, counts and times */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description format.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/state.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: what the page holds between refreshes */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description state.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/inbox.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: the approval inbox */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description inbox.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/skus.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: the SKU table */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description skus.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/spend.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: spend per supplier and month */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description spend.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/agreements.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: the blanket agreements */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description agreements.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/timeline.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's script: one SKU's replenishment: timeline and decision log */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description timeline.js */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/javascript": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/style.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The page's styles */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description style.css */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/css": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ui/config.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the page needs to know: the Temporal Web UI's address and namespace */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description where the Web UI is, and the namespace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            temporalUiUrl: string;
                            namespace: string;
                            /** @description ISO 4217: every amount is in it */
                            currency: string;
                        };
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/replenishments/{workflowId}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A replenishment's timeline from its history: turns, calls and retries, waits and how they ended, worker outages, outcome */
        get: {
            parameters: {
                query?: {
                    /** @description one run of the workflow (a UUID); without it, the latest */
                    runId?: string;
                };
                header?: never;
                path: {
                    workflowId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the timeline */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            workflowId: string | null;
                            runId: string | null;
                            workflowType: string | null;
                            start: string;
                            end: string | null;
                            until: string;
                            status: string;
                            /** @description each turn: when, which tool, why */
                            turns: ({
                                turn: number;
                                at: string;
                                tool: string | null;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description activity calls with their retries */
                            calls: ({
                                activityId: string;
                                tool: string;
                                scheduledAt: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description waits for messages and how they ended */
                            waits: ({
                                timerId: string;
                                startedAt: string;
                                ended: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description stretches where nothing moved, and why */
                            gaps: ({
                                from: string;
                                to: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            /** @description the run moving from one worker to another */
                            workerChanges: ({
                                at: string;
                                from: string;
                                to: string;
                            } & {
                                [key: string]: unknown;
                            })[];
                            outcome: ({
                                outcome: string;
                            } & {
                                [key: string]: unknown;
                            }) | null;
                            links: {
                                svg: string;
                                webUi: string;
                            };
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description a malformed workflow or run id */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no such replenishment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/replenishments/{workflowId}/timeline.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same timeline drawn as a standalone SVG */
        get: {
            parameters: {
                query?: {
                    /** @description one run of the workflow (a UUID); without it, the latest */
                    runId?: string;
                };
                header?: never;
                path: {
                    workflowId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the timeline */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/svg+xml": string;
                    };
                };
                /** @description a malformed workflow or run id */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no such replenishment */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a path parameter longer than 100 characters */
                414: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound-mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A supplier's email, as a mail provider's inbound-parse webhook delivers it (the raw RFC 822 message)
         * @description Content-Type: message/rfc822. The webhook authenticates with the shared secret INBOUND_MAIL_SECRET (Authorization: Bearer <secret>, or as the password of Basic credentials) and may carry the provider's SPF/DKIM/DMARC verdict in an Authentication-Results header. The sender must be a supplier's registered address or domain and pass SPF, DKIM or DMARC for it. The PO is the one the mail answers (In-Reply-To/References of the agent's mail) or names (PO-…); a mail without one is held for the manager. A mail naming one consolidated PO (SPO-…) and no other PO is a reply to it, delivered to every line as POST /purchase-orders/{po}/supplier-replies delivers one. Its own words (quoted history cut) are delivered as POST /purchase-orders/{po}/supplier-replies delivers a reply.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description the raw RFC 822 message, as the provider received it */
            requestBody: {
                content: {
                    "message/rfc822": unknown;
                };
            };
            responses: {
                /** @description a repeat of a mail already delivered */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description delivered, held (until the order is placed), duplicate or queued: as the JSON route answers; held for the manager: no PO could be told, or no agent works on it
                             * @enum {string}
                             */
                            status: "delivered" | "held" | "duplicate" | "queued" | "held for the manager";
                            /** @description sha256 of the message: its entry in GET /inbound-mail/log */
                            mailId: string;
                            poNumber: string | null;
                            workflowId?: string;
                            reason?: string;
                            /** @description a mail naming a consolidated PO (SPO-…): what each of its lines answered, as the JSON route lists them */
                            lines?: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                            /** @description listed, never opened */
                            attachments: {
                                filename: string | null;
                                contentType: string;
                                size: number;
                            }[];
                        };
                    };
                };
                /** @description delivered to the agent, or held for the manager */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description delivered, held (until the order is placed), duplicate or queued: as the JSON route answers; held for the manager: no PO could be told, or no agent works on it
                             * @enum {string}
                             */
                            status: "delivered" | "held" | "duplicate" | "queued" | "held for the manager";
                            /** @description sha256 of the message: its entry in GET /inbound-mail/log */
                            mailId: string;
                            poNumber: string | null;
                            workflowId?: string;
                            reason?: string;
                            /** @description a mail naming a consolidated PO (SPO-…): what each of its lines answered, as the JSON route lists them */
                            lines?: {
                                /** @description the line's own PO number */
                                poNumber: string;
                                sku: string;
                                /** @description the status the message would have had sent to the line's own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached */
                                status: number;
                                /**
                                 * @description with 202 or 200: as the line's own PO would have been answered
                                 * @enum {string}
                                 */
                                result?: "delivered" | "held" | "duplicate" | "queued";
                                /** @description with 202 or 200: the replenishment that has the line */
                                workflowId?: string;
                                /** @description otherwise: why the line did not take it */
                                error?: string;
                            }[];
                            /** @description listed, never opened */
                            attachments: {
                                filename: string | null;
                                contentType: string;
                                size: number;
                            }[];
                        };
                    };
                };
                /** @description not an RFC 822 message: empty, no header, no From, or a header past its bounds */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description no valid webhook secret, or inbound mail is not configured */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the sender is not a registered supplier address, is not authenticated (SPF/DKIM/DMARC), or the PO was sent to another supplier */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO is not waiting for a reply */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the message is larger than the limit: the reason is the bounce to send back */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the body is not a message (Content-Type: message/rfc822) */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The confirmation page of an approval link: the PO's terms and one button. Opening it decides nothing */
        get: {
            parameters: {
                query: {
                    /** @description the token of an approval link, as the link carries it */
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the confirmation page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description not a token of an approval link */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the link's signature is not valid, or its approval is above its manager's limit */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description approval links are not enabled on this service */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description its manager has already approved the PO, which needs another manager's approval */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description the link expired, was used, or its PO moved on */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Decide by an approval link (the confirmation page's form, or JSON): approve up to the price asked, or reject, once
         * @description The same decision as POST /purchase-orders/{po}/decision by the link's manager, recorded with channel email-link. A form post is answered with a page, JSON with JSON.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the token of an approval link, as the link carries it */
                        token: string;
                        /** @description with a reject link: why (optional) */
                        reason?: string;
                        /** @description with an approve link: a note for the record (optional) */
                        note?: string;
                    };
                    "application/x-www-form-urlencoded": {
                        /** @description the token of an approval link, as the link carries it */
                        token: string;
                        /** @description with a reject link: why (optional) */
                        reason?: string;
                        /** @description with an approve link: a note for the record (optional) */
                        note?: string;
                    };
                };
            };
            responses: {
                /** @description a repeat of a decision already delivered */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": {
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                            /** @description the approver the token proved */
                            by: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description delivered to the agent */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": {
                            poNumber: string;
                            /** @enum {string} */
                            status: "delivered" | "held" | "duplicate" | "queued";
                            workflowId: string;
                            /** @description the approver the token proved */
                            by: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description not a token of an approval link, or a bad body */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the link's signature is not valid, or the approval is above the manager's limit */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description approval links are not enabled on this service, or no agent works on the PO */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the PO is not waiting for this decision */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the link expired, was used, or its PO moved on */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a body that is neither JSON nor a form */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/slack/interactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Slack's interactive endpoint: a manager approves or rejects from an approval request's buttons (block_actions)
         * @description Signed by Slack (X-Slack-Signature, X-Slack-Request-Timestamp within 5 minutes). Answered at once with an empty 200; the decision follows and its result is posted to the payload's response_url. A delivery Slack retries (X-Slack-Retry-Num) of a click already taken is acknowledged and dropped.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        /** @description the interaction as JSON, as Slack sends it */
                        payload: string;
                    };
                };
            };
            responses: {
                /** @description acknowledged (empty); the result goes to the response_url */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description a payload that is not a block_actions interaction */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not signed by Slack with this app's signing secret, or a timestamp more than 5 minutes off */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Slack is not enabled on this service (SLACK_SIGNING_SECRET) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description the request body is larger than the limit */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a body that is not a form */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description too many requests from this client; Retry-After says when to try again */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description a dependency (Temporal, the world) could not be reached; try again */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @description which field or header is wrong, and why */
            error: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
