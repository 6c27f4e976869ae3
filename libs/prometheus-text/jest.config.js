import { jestConfig } from '../../jest.base.js';

export default jestConfig({ kind: 'unit' });
