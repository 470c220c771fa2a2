/**
 * The end of every command-line script of the API (`pnpm --filter api staff:create`, `audit:verify`,
 * `db:protect-audit`, `kyc:purge`): runs `main` and exits with the code it returns; a throw prints
 * "<command> failed: <message>" on stderr and exits 1.
 */
export function runCli(command: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`${command} failed: ${(err as Error).message}\n`);
      process.exit(1);
    },
  );
}
