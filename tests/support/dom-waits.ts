import { configure } from '@testing-library/dom';

/**
 * Testing Library's waits (`findBy…`, `waitFor`) give up after 1 s by default. On this project's
 * two-core machines, loaded by a parallel build or a second suite, a lazily loaded text section
 * or an asynchronous form check can take longer than that, and a correct component then fails
 * its test. A wait still ends the moment its condition holds, so a passing test is no slower and a
 * component that never shows what is awaited still fails — only later.
 */
configure({ asyncUtilTimeout: 5_000 });
