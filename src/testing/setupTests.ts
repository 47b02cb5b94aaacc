import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Screens wait for the real API server: give a loaded two-core machine more than the default second.
configure({ asyncUtilTimeout: 5000 });
