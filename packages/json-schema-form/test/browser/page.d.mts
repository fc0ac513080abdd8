import type { Browser } from 'playwright-core';
export declare const executablePath: string;
export declare const packageRoot: string;
export declare function bundlePage(entry: string): Promise<string>;
export declare function launchChromium(): Promise<Browser>;
