import type { App } from '../../http/types.js';
import type { ModuleContext } from '../registry.js';
import { userAdminRoutes } from './admin.routes.js';
import { UserAdminService } from './admin.service.js';
import { meRoutes } from './me.routes.js';
import { ProfileService } from './profile.service.js';
import { signupRoutes } from './signup.routes.js';
import { SignupService } from './signup.service.js';

/** /api/users/*: sign-up and password links, the caller's profile, and user administration. */
export function usersRoutes(app: App, { deps }: ModuleContext): void {
  signupRoutes(app, new SignupService(deps));
  meRoutes(app, new ProfileService(deps));
  userAdminRoutes(app, new UserAdminService(deps));
}
