import { Box } from '@mui/material';

/**
 * A secret shown once (a webhook's signing secret, a TOTP key), in code type. It breaks
 * anywhere: one long word without a break made its box scroll sideways on a phone.
 */
export function SecretCode({ children, testId }: { children: string; testId: string }) {
  return (
    <Box component="code" data-testid={testId} sx={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>
      {children}
    </Box>
  );
}
