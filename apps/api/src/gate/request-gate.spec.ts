// The app refuses to start with a route that is neither gated nor public, naming it.
import { Controller, Get, Post } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { Gated } from './gate.decorator.js';
import { Public } from './public.decorator.js';
import { assertEveryRouteGated } from './request-gate.js';

@Controller('things')
class GatedThings {
  @Get()
  @Gated()
  list() {
    return [];
  }

  @Post()
  @Gated()
  create() {
    return {};
  }

  /** Not a route: no check applies. */
  helper() {
    return 1;
  }
}

@Controller('open')
@Public()
class OpenThings {
  @Get()
  read() {
    return {};
  }
}

@Controller('leaky')
class LeakyThings {
  @Get()
  @Gated()
  list() {
    return [];
  }

  @Post()
  create() {
    return {};
  }
}

async function check(...controllers: (new () => object)[]): Promise<void> {
  const module = await Test.createTestingModule({ controllers }).compile();
  try {
    assertEveryRouteGated(module.get(ModulesContainer), module.get(Reflector));
  } finally {
    await module.close();
  }
}

describe('assertEveryRouteGated', () => {
  it('accepts routes that are gated, or public on their controller', async () => {
    await expect(check(GatedThings, OpenThings)).resolves.toBeUndefined();
  });

  it('refuses to start with a route that is neither gated nor public, naming it', async () => {
    await expect(check(GatedThings, LeakyThings)).rejects.toThrow(
      'Served without the request gate: LeakyThings.create. Mark each @Gated() or @Public().',
    );
  });
});
