/**
 * The API's Prometheus metrics (prom-client), served at /metrics. One registry per process: each API process of
 * the cluster is scraped on its own (nginx routes /metrics to whichever process answers; scrape the processes
 * directly in production). Domains count their own events through the named metrics below.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'khela_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'khela_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const ledgerTransfers = new Counter({
  name: 'khela_ledger_transfers_total',
  help: 'Ledger transfers committed (double-entry postings), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const exchangeBetsPlaced = new Counter({
  name: 'khela_exchange_bets_placed_total',
  help: 'Exchange bets accepted, by side',
  labelNames: ['side'] as const,
  registers: [registry],
});

export const exchangeBetsMatched = new Counter({
  name: 'khela_exchange_bets_matched_total',
  help: 'Exchange bets matched in whole or in part when placed',
  registers: [registry],
});

/** The market writers (exchange/writer): what waits, how much one batch carries, how long its transaction takes. */
export const exchangeWriterQueueDepth = new Gauge({
  name: 'khela_exchange_writer_queue_depth',
  help: 'Commands waiting for a market writer in this process, by market',
  labelNames: ['market'] as const,
  registers: [registry],
});

export const exchangeWriterBatchSize = new Histogram({
  name: 'khela_exchange_writer_batch_size',
  help: 'Commands per market-writer batch',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
  registers: [registry],
});

export const exchangeWriterBatchStatements = new Histogram({
  name: 'khela_exchange_writer_batch_statements',
  help: 'Statements of one market-writer batch inside its transaction (round trips; BEGIN and COMMIT not counted)',
  buckets: [3, 4, 5, 6, 8, 10, 15, 20, 25, 30, 40],
  registers: [registry],
});

export const exchangeWriterCommitSeconds = new Histogram({
  name: 'khela_exchange_writer_batch_seconds',
  help: 'Time of one market-writer batch, from its first read to its commit',
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const exchangeWriterBookReads = new Counter({
  name: 'khela_exchange_writer_book_reads_total',
  help: "Market-writer batches that read a Match Odds market's whole book from the database (none kept in memory)",
  registers: [registry],
});

export const exchangeWriterFeedChanges = new Counter({
  name: 'khela_exchange_writer_feed_changes_total',
  help: "The odds feed's changes of a Match Odds market whose writer kept its book in memory, by what became of the book (kept: it took the change; dropped: the next batch reads it)",
  labelNames: ['book'] as const,
  registers: [registry],
});

export const exchangeWriterRetries = new Counter({
  name: 'khela_exchange_writer_batch_retries_total',
  help: 'Market-writer batches rolled back and run again one command at a time',
  registers: [registry],
});

export const exchangeWriterLeaseChanges = new Counter({
  name: 'khela_exchange_writer_lease_changes_total',
  help: 'Market-writer leases this process took from another (or a free row), lost to another, or released, by market',
  labelNames: ['market', 'change'] as const,
  registers: [registry],
});

export const exchangeWriterLeasesHeld = new Gauge({
  name: 'khela_exchange_writer_leases_held',
  help: 'Market-writer leases this process holds',
  registers: [registry],
});

export const exchangeWriterForwarded = new Counter({
  name: 'khela_exchange_writer_forwarded_total',
  help: "Bets this process passed to the market's writer in another process, by outcome (answered, or taken here after the holder failed)",
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const pushConnections = new Gauge({
  name: 'khela_push_connections',
  help: 'Open server-sent-event streams on this process, by stream kind',
  labelNames: ['stream'] as const,
  registers: [registry],
});

export const callbackRetries = new Counter({
  name: 'khela_callback_retries_total',
  help: 'Provider and gateway callbacks that repeated one already handled (answered from the first result)',
  labelNames: ['source'] as const,
  registers: [registry],
});

export const errors = new Counter({
  name: 'khela_errors_total',
  help: 'Requests answered with a 5xx, and other unexpected errors, by where they happened',
  labelNames: ['where'] as const,
  registers: [registry],
});

export const oddsFeedConnected = new Gauge({
  name: 'khela_odds_feed_connected',
  help: '1 while this process holds a live odds-feed stream, 0 while it is down',
  registers: [registry],
});
