import type {
  CurrentUser,
  Product,
  ProductSummary,
  Subscription,
  SubscriptionSummary,
  SystemHealthEntry,
  Tenant,
  TenantMetricsHistoryReply,
  TenantMetricsReply,
  TenantSummary,
  User,
  UserSummary,
} from '@app/contracts';

const createdAt = '2026-01-15T10:00:00.000Z';

export function aTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: crypto.randomUUID(),
    name: 'Acme Corp',
    slug: 'acme-corp',
    status: 'active',
    ownerId: null,
    owner: null,
    domainUrl: null,
    createdAt,
    subscriptionCount: 0,
    activeSubscriptions: 0,
    totalSpent: 0,
    domainRegistrarUrl: null,
    domainRegistrarUsername: null,
    domainRegistrarPasswordSet: false,
    dnsServerUrl: null,
    dnsServerUsername: null,
    dnsServerPasswordSet: false,
    emailProviderUrl: null,
    emailProviderUsername: null,
    emailProviderPasswordSet: false,
    webHostingUrl: null,
    webHostingUsername: null,
    webHostingPasswordSet: false,
    ...overrides,
  };
}

export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: crypto.randomUUID(),
    name: 'Bank Connect',
    slug: 'bank-connect',
    description: 'Connect to banks',
    basePrice: 49,
    basicPrice: null,
    enterprisePrice: null,
    category: 'Connectivity',
    color: '#10B981',
    icon: 'Link',
    features: [],
    isActive: true,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

export function aSubscription(tenant: Tenant, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: crypto.randomUUID(),
    tenantId: tenant.id,
    productId: crypto.randomUUID(),
    productName: 'Risk Scoring',
    plan: 'professional',
    status: 'active',
    amount: 99,
    domainUrl: null,
    metricsApiKeyConfigured: false,
    cancelAtPeriodEnd: false,
    product: { name: 'Risk Scoring', basePrice: 99, color: '#EF4444' },
    tenant: { name: tenant.name },
    createdAt,
    ...overrides,
  };
}

export function aHealthEntry(overrides: Partial<SystemHealthEntry> = {}): SystemHealthEntry {
  return {
    name: 'catalog',
    status: 'operational',
    latencyMs: 12.4,
    checkedAt: createdAt,
    details: { kind: 'service' },
    ...overrides,
  };
}

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: crypto.randomUUID(),
    email: 'casey@example.com',
    firstName: 'Casey',
    lastName: 'Jordan',
    role: 'tenant',
    profileImageUrl: null,
    isActive: true,
    stripeCustomerId: null,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/** GET /api/admin/tenants/summary[?ownerId]: one tenant, active, with no subscriptions, unless overridden. */
export function aTenantSummary(overrides: Partial<TenantSummary> = {}): TenantSummary {
  return {
    totalTenants: 1,
    activeTenants: 1,
    suspendedTenants: 0,
    totalRevenue: 0,
    totalSubscriptions: 0,
    activeSubscriptions: 0,
    ...overrides,
  };
}

/** GET /api/admin/products/summary. */
export function aProductSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return { totalProducts: 1, activeProducts: 1, ...overrides };
}

/** GET /api/admin/users/summary. */
export function aUserSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  return { totalUsers: 1, adminUsers: 1, ...overrides };
}

/** GET /api/admin/products/{id}/subscriptions/summary: the live count and the count by status. */
export function aSubscriptionSummary(
  byStatus: Partial<SubscriptionSummary['byStatus']> = {},
): SubscriptionSummary {
  const counts = { active: 0, trial: 0, suspended: 0, cancelled: 0, ...byStatus };
  const total = counts.active + counts.trial + counts.suspended + counts.cancelled;
  return { totalSubscriptions: total, liveSubscriptions: total - counts.cancelled, byStatus: counts };
}

/** The signed-in user as GET /api/auth/user answers it. */
export function aCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: crypto.randomUUID(),
    email: 'admin@example.com',
    firstName: 'Alex',
    lastName: 'Admin',
    role: 'admin',
    profileImageUrl: null,
    createdAt,
    ...overrides,
  };
}

/** GET /api/tenant-metrics/{tenantId}: a full document, every group present; override groups to test each rule. */
export function aTenantMetricsReply(overrides: Partial<TenantMetricsReply> = {}): TenantMetricsReply {
  return {
    subscriptionId: crypto.randomUUID(),
    fetchedAt: '2026-01-15T12:30:00.000Z',
    missingGroups: [],
    product_info: {
      name: 'BuildTrack',
      version: '2.4.1',
      license_type: 'Commercial',
      region: 'eu-west-1',
      timezone: 'Europe/Berlin',
    },
    custom_metadata: { tenant_type: 'Enterprise', tags: ['priority', 'eu'], admin_notes: 'Renewal in March' },
    system_health: {
      status: 'healthy',
      uptime_seconds: 273_900,
      cpu_usage_percent: 42,
      memory_usage_percent: 63.5,
      disk_usage_percent: 71,
    },
    users: {
      total: 120,
      active_last_7_days: 80,
      active_last_30_days: 110,
      new_users_last_30_days: 12,
      user_login_summary: [],
    },
    feature_usage: {
      create_project: 34,
      project_updates: 210,
      expense_tracking: 88,
      integrations_connected: 3,
    },
    usage_entities: {
      projects: 34,
      clients: 19,
      materials: 402,
      expenses: 1_250,
      contractors: 7,
      custom_entities: {},
    },
    performance: {
      average_response_time_ms: 182,
      error_rate_percent: 0.5,
      api_5xx_count: 4,
      api_4xx_count: 57,
      peak_rps: 35,
    },
    storage: {
      used_mb: 512,
      total_allocated_mb: 10_240,
      monthly_data_ingested_mb: 2_048,
      monthly_data_egressed_mb: 300,
    },
    security: {
      failed_login_attempts: 6,
      password_reset_requests: 2,
      account_lockouts: 1,
      last_admin_action: '2026-01-14T12:00:00.000Z',
    },
    license: {
      current_usage_tier: 'Growth',
      expiry_date: '2026-12-31T12:00:00.000Z',
      sla_uptime_percent: 99.95,
      overage_flag: false,
    },
    alerts_issues: { open_issues_count: 0, critical_alerts_last_7_days: 0, last_incident_datetime: null },
    ...overrides,
  };
}

/** GET /api/tenant-metrics/{tenantId}/history with the given points (hourly buckets). */
export function aMetricsHistoryReply(
  tenantId: string,
  points: Partial<TenantMetricsHistoryReply['points'][number]>[] = [],
): TenantMetricsHistoryReply {
  return {
    tenantId,
    subscriptionId: crypto.randomUUID(),
    from: '2026-01-14T12:00:00.000Z',
    to: '2026-01-15T12:00:00.000Z',
    bucketSeconds: 3_600,
    points: points.map((point, index) => ({
      at: new Date(Date.parse('2026-01-15T09:00:00.000Z') + index * 3_600_000).toISOString(),
      cpuPercent: null,
      memoryPercent: null,
      diskPercent: null,
      responseTimeMs: null,
      errorRatePercent: null,
      scrapes: 12,
      failedScrapes: 0,
      ...point,
    })),
  };
}
