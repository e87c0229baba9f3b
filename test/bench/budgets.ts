import { staleBoundOf } from '#shared/edge-cache.ts';

/**
 * Every budget the bench compares a figure with, in one place so the page and the code agree.
 * A budget is a goal written down, not a test: the bench reports figures past it and exits 0.
 */
export interface Budget {
  /** 'max': the figure should stay at or below the limit; 'min': at or above it. */
  kind: 'max' | 'min';
  limit: number;
}

export const atMost = (limit: number): Budget => ({ kind: 'max', limit });
export const atLeast = (limit: number): Budget => ({ kind: 'min', limit });

export function withinBudget(value: number, budget: Budget): boolean {
  if (!Number.isFinite(value)) return false;
  return budget.kind === 'max' ? value <= budget.limit : value >= budget.limit;
}

export const BUDGETS = {
  /** A storefront read's minified bundle as deployed (cdk.out), in KiB. */
  storefrontBundleKib: atMost(230),
  /**
   * Every other function (checkout, portal, admin, webhooks, jobs), as deployed. The payment
   * providers' SDKs are installed beside the bundle and loaded on first use, not counted here.
   */
  otherBundleKib: atMost(600),
  /** A fresh process importing the deployed bundle with its template's NODE_OPTIONS, minus an empty one, in ms. */
  storefrontImportOverheadMs: atMost(80),
  otherImportOverheadMs: atMost(150),
  /** Warm, in-process, against DynamoDB Local on loopback. */
  handlerP50Ms: atMost(10),
  handlerP99Ms: atMost(50),
  /** A storefront read, warm, in-process. */
  storefrontHandlerP99Ms: atMost(15),
  /** Local gateway under autocannon (10 connections), per storefront read. */
  gatewayRequestsPerSecond: atLeast(200),
  gatewayP99Ms: atMost(100),
  /** web.dev's suggested budget for the critical-path JavaScript of a mobile page, compressed. */
  firstLoadJsGzipKib: atMost(170),
  /** The passport's /verify page (issue 37): its JavaScript gzipped (KiB), its time to verdict at p95 on a phone (ms). */
  verifyJsGzipKib: atMost(60),
  verifyVerdictP95Ms: atMost(1000),
  /** A card's code, in characters, and the QR version of its /verify URL (docs/passport.md). */
  codeLength: atMost(237),
  qrVersion: atMost(10),
  /** Lighthouse (mobile), median of 3, with the camera-size demo photographs (issue 16). */
  lighthouseScore: atLeast(95),
  lcpMs: atMost(2000),
  cls: atMost(0.02),
  /** A public page rendered ahead of time (issue 47), through the HTTP/2 front: median of 5. */
  renderedLighthouseScore: atLeast(98),
  renderedLcpMs: atMost(1000),
  seoScore: atLeast(100),
  /** The pictures of /women's first screen on a 390 px phone at DPR 3, in KiB: all, and each. */
  firstScreenPicturesKib: atMost(600),
  pictureKib: atMost(250),
  /** A picture's file pixels over the pixels it is shown at. */
  picturePixelRatio: atMost(1.6),
  /**
   * Release day (`npm run load`, issue 21): storefront requests reaching the origin per page view
   * after warm-up, through the edge cache; errors to checkout starts and webhooks during the burst;
   * a storefront read's p99 through the cache (ms); a sold piece shown sold through the cache (s:
   * the availability class's bound, shared/edge-cache.ts, plus 1 s).
   */
  originRequestsPerPageView: atMost(0.1),
  checkoutErrors: atMost(0),
  cachedReadP99Ms: atMost(100),
  shownSoldWithinS: atMost(staleBoundOf('availability') + 1),
} as const;
