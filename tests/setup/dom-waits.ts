/**
 * How long `findBy*` and `waitFor` wait for what they look for before failing. Testing Library's
 * own limit is 1 s, which a busy machine can spend on the first dynamic import of a test file (a
 * widget's dialog chunk transformed on demand). The limit only bounds a wait that is failing: a
 * passing wait ends when its condition holds, so a longer one costs a passing test nothing.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
