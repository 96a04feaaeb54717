import { ProfileDetails } from '@/features/profile/components/profile-details';

export function ProfileRoute() {
  return <ProfileDetails />;
}
