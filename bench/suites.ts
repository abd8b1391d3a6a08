export interface BenchSuite {
  name: string;
  title: string;
  run: () => Promise<void>;
}

export const suites: BenchSuite[] = [];
