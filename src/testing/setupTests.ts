import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Web tests wait on a real server that shares two cores with other suites: a second is short.
configure({ asyncUtilTimeout: 5000 });
