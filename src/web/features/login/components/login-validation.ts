import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '../../../../shared/schemas/auth';

/**
 * The login form's validation (spec 5): the shared loginBody schema. Kept in its own module so zod loads
 * after the login screen has painted (see login-form.tsx), not with it.
 */
export const loginResolver = zodResolver(loginBody);
