// Shapes of the API's JSON answers (snake_case as the spec names them): @vatio/schemas' response
// schemas, which the server's contracts check, under the web's names.
export type {
  BikeResponse as Bike,
  MeResponse as Me,
  ProfileResponse as Profile,
  SessionResponse as AuthResult,
  SettingsResponse as Settings,
  SubscriptionResponse as Subscription,
  UserResponse as User,
} from '@vatio/schemas';
