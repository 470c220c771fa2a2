#!/usr/bin/env node
// Rolling restart of a running cluster: asks scripts/cluster/start.mjs (by the pid it wrote in its run dir) to
// restart its API processes one by one, each after the previous one answers /ready. The cluster's own output
// shows the progress ("[roll] api1 ready after 4.2 s").
//
//   node scripts/cluster/roll.mjs          (same NGINX_PORT / KHELA_PORT_OFFSET / CLUSTER_RUN_DIR as the cluster)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterPorts } from './start.mjs';

const runDir = process.env.CLUSTER_RUN_DIR ?? path.join(os.tmpdir(), `khela-cluster-${clusterPorts().nginx}`);
const pidFile = path.join(runDir, 'cluster.pid');
if (!fs.existsSync(pidFile)) {
  console.error(`no cluster is running from ${runDir} (${pidFile} is missing)`);
  process.exit(1);
}
const pid = Number(fs.readFileSync(pidFile, 'utf8'));
process.kill(pid, 'SIGHUP');
console.log(`asked the cluster (pid ${pid}) for a rolling restart of its API processes`);
