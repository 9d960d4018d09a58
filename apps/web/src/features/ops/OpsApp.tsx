import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { httpStatus } from '../shared/forms';
import { useOpsMe } from './api';
import { OpsAccountPage } from './OpsAccountPage';
import { OpsAccountsPage } from './OpsAccountsPage';
import { OpsLayout } from './OpsLayout';
import { OpsSetupPage } from './OpsSetupPage';
import { OpsSignInPage } from './OpsSignInPage';
import './opsI18n';

/** /ops: the operator console, its own small app beside the tenants' (lazy-loaded). */
export function OpsApp() {
  return (
    <Routes>
      <Route path="setup" element={<OpsSetupPage />} />
      <Route path="sign-in" element={<OpsSignInPage />} />
      <Route element={<SignedIn />}>
        <Route index element={<OpsAccountsPage />} />
        <Route path="accounts/:id" element={<OpsAccountPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/ops" replace />} />
    </Routes>
  );
}

/** Only an operator whose session passed the authenticator code gets past here. */
function SignedIn() {
  const me = useOpsMe();
  const location = useLocation();
  if (me.isPending)
    return (
      <Center h="100vh">
        <Loader />
      </Center>
    );
  const operator = me.data?.operator;
  if (!operator?.twoFactorVerified) {
    const from = encodeURIComponent(location.pathname + location.search);
    const step = operator || httpStatus(me.error) === 403 ? '&step=code' : '';
    return <Navigate to={`/ops/sign-in?from=${from}${step}`} replace />;
  }
  return (
    <OpsLayout operator={operator}>
      <Outlet />
    </OpsLayout>
  );
}
