export declare const TEST_TIMES_VAR: 'KHELA_TEST_TIMES';
export declare class VitestFileTimes {
  onTestRunEnd(testModules: ReadonlyArray<{ moduleId: string; diagnostic(): { duration: number } }>): void;
}
export declare const vitestReporters: () => ['default', VitestFileTimes];
export declare function slowestFiles(lines: string, count?: number): string[];
